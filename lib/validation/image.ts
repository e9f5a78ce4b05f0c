/**
 * Image upload limits and messages (spec §5, §9), without any server code so the browser's image picker
 * checks the same limits before uploading. The server decides for real in lib/images/upload.ts.
 */

import type { MessageKey } from "@/shared/i18n/text";

/** Message keys (messages/*.json): the browser's picker says them with useSaid, the server with text(). */
export const ONLY_IMAGES = "validation.image.onlyImages" satisfies MessageKey;

/** Upload limits per kind of image, with the spec's messages. */
export const IMAGE_LIMITS = {
  product: { maxBytes: 20 * 1024 * 1024, tooLarge: "validation.image.productTooLarge" },
  prize: { maxBytes: 10 * 1024 * 1024, tooLarge: "validation.image.prizeTooLarge" },
  // The event's logo follows the prizes' rules: one way to check an upload.
  logo: { maxBytes: 10 * 1024 * 1024, tooLarge: "validation.image.prizeTooLarge" },
} as const satisfies Record<string, { maxBytes: number; tooLarge: MessageKey }>;
export type ImageKind = keyof typeof IMAGE_LIMITS;
export type ImageLimit = (typeof IMAGE_LIMITS)[ImageKind];

/** What a file input accepts; the server still decodes every upload rather than trusting this. */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif";

/**
 * A first check of a chosen file in the browser, with the messages the server would give: the declared
 * type must be an image other than SVG, and the size within the limit. Returns the message key, or null.
 */
export function checkImageFile(file: { type: string; size: number; name: string }, limit: ImageLimit): MessageKey | null {
  const type = file.type.toLowerCase();
  const looksLikeSvg = type.includes("svg") || /\.svgz?$/i.test(file.name);
  if (!type.startsWith("image/") || looksLikeSvg) return ONLY_IMAGES;
  if (file.size > limit.maxBytes) return limit.tooLarge;
  return null;
}
