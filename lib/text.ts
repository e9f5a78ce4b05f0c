/**
 * The first `max` characters of a text followed by "…" when it is longer (spec: descriptions cut at 50).
 * Counts user-perceived characters, so an emoji or a Korean syllable is never cut in half.
 */
export function shorten(text: string, max: number): string {
  const characters = Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text), (part) => part.segment);
  return characters.length > max ? `${characters.slice(0, max).join("").trimEnd()}…` : text;
}
