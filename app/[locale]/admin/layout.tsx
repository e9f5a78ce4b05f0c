import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { UiWordsProvider } from "@/components/ui/ui-words";
import "../../globals.css";
import "./admin.css";

/**
 * Every admin screen: its own utilities on top of the shared stylesheet (see admin.css), and the whole
 * message catalogue of the reader's language for its client components (useTranslations).
 */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <NextIntlClientProvider>
      <UiWordsProvider>{children}</UiWordsProvider>
    </NextIntlClientProvider>
  );
}
