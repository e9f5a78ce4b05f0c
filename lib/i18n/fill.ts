/**
 * A message's `{name}` arguments filled in: the visitor's page says its words with this, not a translation
 * library, to keep its scripts small (docs/i18n.md). Only for messages with plain arguments (no plural or
 * select): a unit test keeps the visitor's messages so.
 */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}
