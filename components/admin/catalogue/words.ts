"use client";

import { useTranslations } from "next-intl";

/** The two catalogues that share these parts. Also names the add panel's element ids. */
export type CatalogueKind = "product" | "prize";

/**
 * A catalogue's own words ("Add product", "Total 3 prizes"): each screen's namespace has the same
 * `catalogue` keys, so the shared parts say them in the reader's language and grammar.
 */
export function useCatalogueWords(kind: CatalogueKind) {
  const products = useTranslations("admin.products.catalogue");
  const prizes = useTranslations("admin.prizes.catalogue");
  return kind === "product" ? products : prizes;
}
