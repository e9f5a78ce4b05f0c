/**
 * An ILIKE pattern matching `text` anywhere: `%`, `_` and `\` typed in a search box are meant literally,
 * so they are escaped with backslash, Postgres's default LIKE escape character.
 */
export function likePattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}

/** An ILIKE pattern matching `text` whole (case aside): an exact match the trigram indexes can answer. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
