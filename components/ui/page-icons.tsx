import { CircleAlert, Gift, Image, type LucideIcon, QrCode, Timer, X } from "lucide-react";

/**
 * The icons the visitor's pages use, apart from the admin area's (icons.tsx re-exports these): the bundler
 * keeps every lucide icon a module imports, so the visitor's phone downloads only these few. Import from
 * here in components/public and in what the visitor's page renders (modal-frame.tsx); elsewhere from icons.tsx.
 */
export type IconProps = { className?: string };

/** One lucide icon at the app's default size and stroke; decorative (lucide marks it aria-hidden). */
export function draw(Glyph: LucideIcon, { className }: IconProps) {
  return <Glyph className={className ?? "size-5 shrink-0"} strokeWidth={1.8} focusable="false" />;
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
