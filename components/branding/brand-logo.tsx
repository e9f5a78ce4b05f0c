import type { BrandLogo as Logo } from "@/shared/contracts/branding";
import { imageSrcSet } from "@/shared/urls/images";

/**
 * The event's logo at a fixed height (CSS pixels), its width from the stored shape, so the room is kept
 * before it arrives and nothing moves. Served resized (`?w=`): the browser picks the width the height and
 * the screen's density need. Never in the way of a first paint: an image does not block rendering.
 */
export function BrandLogo({
  logo,
  height,
  maxWidth,
  className = "",
}: {
  logo: Logo;
  height: number;
  maxWidth: number;
  className?: string;
}) {
  const width = Math.min(maxWidth, Math.round((height * logo.width) / logo.height));
  const shownHeight = Math.round((width * logo.height) / logo.width);
  return (
    <img
      src={`${logo.url}?w=240`}
      srcSet={imageSrcSet(logo.url)}
      sizes={`${width}px`}
      width={width}
      height={shownHeight}
      alt=""
      decoding="async"
      className={`shrink-0 object-contain ${className}`}
    />
  );
}
