import { CircleAlert, Gift, Image, type LucideIcon, QrCode, Timer, X } from "lucide-react";
import type { CSSProperties } from "react";

/**
 * The icons the visitor's pages use, apart from the admin area's (icons.tsx re-exports these): the bundler
 * keeps every lucide icon a module imports, so the visitor's phone downloads only these few. Import from
 * here in components/public and in what the visitor's page renders (modal-frame.tsx); elsewhere from icons.tsx.
 */
/** `style`: for a page without the stylesheet (the not-found screen), where `className` sizes nothing. */
export type IconProps = { className?: string; style?: CSSProperties };

/** One lucide icon at the app's default size and stroke; decorative (lucide marks it aria-hidden). */
export function draw(Glyph: LucideIcon, { className, style }: IconProps) {
  return <Glyph className={className ?? "size-5 shrink-0"} style={style} strokeWidth={1.8} focusable="false" />;
}

export function GiftIcon(props: IconProps) {
  return draw(Gift, props);
}
export function ImageIcon(props: IconProps) {
  return draw(Image, props);
}
export function QrCodeIcon(props: IconProps) {
  return draw(QrCode, props);
}
export function CloseIcon(props: IconProps) {
  return draw(X, props);
}
/** The visitor's "Oops". */
export function FailureIcon(props: IconProps) {
  return draw(CircleAlert, props);
}
/** The visitor's "time is up". */
export function TimerIcon(props: IconProps) {
  return draw(Timer, props);
}
