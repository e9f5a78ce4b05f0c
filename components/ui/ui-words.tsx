"use client";

import { useTranslations } from "next-intl";
import { createContext, type ReactNode } from "react";

/**
 * The few words a component shared with the visitor's page needs (the modal's close button), given by
 * context: the visitor's script carries no translation library (docs/i18n.md), so the visitor's page
 * passes its own words as props and the admin provides these from its catalogue.
 */
export const UiWords = createContext<{ close: string } | null>(null);

export function UiWordsProvider({ children }: { children: ReactNode }) {
  const t = useTranslations("ui");
  return <UiWords value={{ close: t("close") }}>{children}</UiWords>;
}
