"use client";

import { createContext, type ReactNode, use } from "react";

/** What the product page's error screen says (app/[locale]/p/[urlPath]/error.tsx), in the visitor's language. */
export type ErrorWords = { brand: string; title: string; body: string; back: string };

const ErrorWordsContext = createContext<ErrorWords | null>(null);

/**
 * The error screen is a client component that gets no props but the error: its words come from the
 * visitor pages' layout through this, rendered on the server (no translation library in the browser).
 */
export function ErrorWordsProvider({ words, children }: { words: ErrorWords; children: ReactNode }) {
  return <ErrorWordsContext value={words}>{children}</ErrorWordsContext>;
}

export function useErrorWords(): ErrorWords {
  const words = use(ErrorWordsContext);
  if (!words) throw new Error("The product page's error screen is outside the visitor pages' layout.");
  return words;
}
