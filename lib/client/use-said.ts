"use client";

import { useTranslations } from "next-intl";
import type { MessageKey } from "@/shared/i18n/text";

/**
 * A form's error message in the reader's language. zod schemas (shared with the API) give their messages
 * as keys of messages/*.json; the server's own answers arrive already in the reader's language and pass
 * through unchanged.
 */
export function useSaid(): (message: string | undefined) => string | undefined {
  const t = useTranslations();
  return (message) => {
    if (message === undefined) return undefined;
    return t.has(message as MessageKey) ? t(message as MessageKey) : message;
  };
}
