import { isHexColor } from "@/lib/branding/colour";

/**
 * Sets the event's primary colour for the page (app/brand-theme.css mixes every accent shade from it), or
 * nothing for today's colours. A plain <style> on :root, so server pages and the big screen's live updates
 * use the same element. Only a validated #rrggbb is ever written into it.
 */
export function BrandStyle({ color }: { color: string | null }) {
  if (!color || !isHexColor(color)) return null;
  return <style>{`:root{--brand-primary:${color}}`}</style>;
}
