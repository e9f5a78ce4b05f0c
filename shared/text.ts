/**
 * The first `max` characters of a text followed by "…" when it is longer (spec: descriptions cut at 50).
 * Counts user-perceived characters, so an emoji or a Korean syllable is never cut in half.
 */
export function shorten(text: string, max: number): string {
  const characters = Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text), (part) => part.segment);
  return characters.length > max ? `${characters.slice(0, max).join("").trimEnd()}…` : text;
}

/**
 * A nickname as the big screen shows it: its first character, then one `*` per further character (user-
 * perceived characters, so a Korean syllable or an emoji family is one). Nothing of the rest survives.
 */
export function maskNickname(nickname: string): string {
  const [first = "", ...rest] = Array.from(
    new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(nickname.trim()),
    (part) => part.segment,
  );
  return first + "*".repeat(rest.length);
}
