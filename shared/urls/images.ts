/** The content hash is in the URL, so a served image never changes and is cached as immutable. */
export function imageUrl(sha256: string): string {
  return `/api/images/${sha256}.webp`;
}

/**
 * The widths an image is also served at (`?w=`), so a phone downloads the size it shows rather than the
 * stored 1200 px. Only these: each is resized once and kept, so the set stays small.
 */
export const IMAGE_WIDTHS = [240, 360, 480, 640, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value);
}

/** `srcset` for an image URL from `imageUrl`: every served width, the browser picks by layout and density. */
export function imageSrcSet(url: string): string {
  return IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(", ");
}
