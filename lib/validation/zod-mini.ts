import { boolean, config, maxLength, minLength, object, optional, refine, regex, string, trim } from "zod/mini";

/**
 * The small zod for a schema a visitor's phone loads (the claim form's): zod/mini's checks are functions the
 * bundler keeps only when used, where zod.ts's `z` brings all of zod (its every method and locale: the claim
 * form's chunk was 416 KB, 93 KB gzipped, and its start-up the product page's longest task). Named exports,
 * not a namespace: a namespace passed on keeps every export, locales and all. Jitless in the browser for
 * the reason zod.ts gives; the two share zod's one configuration.
 */
if (typeof window !== "undefined") config({ jitless: true });

export type { infer } from "zod/mini";
export { boolean, maxLength, minLength, object, optional, refine, regex, string, trim };
