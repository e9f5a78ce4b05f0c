import type { MessageKeys, Messages, NestedKeyOf } from "next-intl";

/** Any message of messages/en.json (and ko.json), by its dotted key: checked by the type checker. */
export type MessageKey = MessageKeys<Messages, NestedKeyOf<Messages>>;
export type TextValues = Record<string, string | number | Date>;

/**
 * Words decided away from the reader (an API error thrown deep in a service) and put into the reader's
 * language where the reader is known (lib/api/respond.ts, from the request's locale).
 */
export type Text = { key: MessageKey; values?: TextValues };

export const text = (key: MessageKey, values?: TextValues): Text => ({ key, values });
