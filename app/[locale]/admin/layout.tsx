import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import "../../globals.css";
import "./admin.css";

/**
 * Every admin screen: its own utilities on top of the shared stylesheet (see admin.css), and the whole
 * message catalogue of the reader's language for its client components (useTranslations).
 */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return <NextIntlClientProvider>{children}</NextIntlClientProvider>;
}
