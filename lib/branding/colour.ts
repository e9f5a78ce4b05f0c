/**
 * The event's primary colour (server-behaviour.md, "Branding"): pure, shared by the settings form (which
 * checks as the organiser types) and the server (which decides).
 */

/** Today's accent, Tailwind's primary-600: what the colour field shows while no colour is chosen. */
export const DEFAULT_PRIMARY_COLOR = "#4f39f6";

/** Buttons, the visitor header and the claim button write white on the primary colour. */
const TEXT_ON_PRIMARY = "#ffffff";

/** WCAG 2's minimum for normal-size text (success criterion 1.4.3). */
const MIN_CONTRAST_RATIO = 4.5;

const HEX_COLOR = /^#[0-9a-f]{6}$/;

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/** WCAG relative luminance of a #rrggbb colour. */
function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG contrast ratio of two #rrggbb colours, from 1 (none) to 21 (black on white). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Rounded down, so a colour shown as "4.5:1" really reaches 4.5. */
function formatRatio(ratio: number): string {
  return `${Math.floor(ratio * 10) / 10}:1`;
}

/** The message saying why (validation.branding.lowContrast), with the values it takes. */
export const LOW_CONTRAST = "validation.branding.lowContrast";
export type ContrastProblem = { ratio: string; needed: string };

/**
 * Why a #rrggbb colour cannot be the primary colour, or null when it can: the white text written on it must
 * stay readable. Darker shades derived from it (hover, headings) only gain contrast against white. The
 * words are the catalogue's (LOW_CONTRAST), said by the form and the server alike.
 */
export function primaryColorProblem(hex: string): ContrastProblem | null {
  const ratio = contrastRatio(hex, TEXT_ON_PRIMARY);
  if (ratio >= MIN_CONTRAST_RATIO) return null;
  return { ratio: formatRatio(ratio), needed: `${MIN_CONTRAST_RATIO}:1` };
}
