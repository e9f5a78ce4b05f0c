import type en from "@/messages/en.json";

/**
 * The big screen's words, from messages/*.json's `display`, given by its page (lib/i18n/fill.ts fills them in).
 * A module of its own, below the screen and its parts: the parts take the words and the screen draws the parts.
 */
export type DisplayWords = (typeof en)["display"];
