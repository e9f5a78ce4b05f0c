import type { Locale } from "@/lib/i18n/locales";
import type en from "@/messages/en.json";

// Types every key: useTranslations("x")("y") and text("x.y") fail the type check when x.y is not in en.json.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
