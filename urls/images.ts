/** The content hash is in the URL, so a served image never changes and is cached as immutable. */
export function imageUrl(sha256: string): string {
  return `/api/images/${sha256}.webp`;
}
