import type en from "@/messages/en.json";
import type { Locale } from "@/shared/i18n/locales";

// Types every key: useTranslations("x")("y") and text("x.y") fail the type check when x.y is not in en.json.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
