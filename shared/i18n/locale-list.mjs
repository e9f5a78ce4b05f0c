// @ts-check
// The languages the product speaks, in plain JavaScript: the server entry's configuration reads them
// (server/config.mjs) as the app does (shared/i18n/locales.ts).
export const LOCALES = /** @type {const} */ (["en", "ko"]);
/** @typedef {(typeof LOCALES)[number]} Locale */
