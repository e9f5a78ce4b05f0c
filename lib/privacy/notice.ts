import { translate } from "@/lib/i18n/translate";
import { eventNameIn } from "@/shared/contracts/branding";
import { type NoticeText, organiserParagraphs, withOrganiserText } from "@/shared/contracts/settings";
import type { Locale } from "@/shared/i18n/locales";
import { text } from "@/shared/i18n/text";

/** What the notice is written from (the settings row, as shared/contracts/settings.ts answers it). */
export type NoticeSettings = {
  event_name: string | null;
  event_name_en: string | null;
  event_name_ko: string | null;
  privacy_notice_en: string | null;
  privacy_notice_ko: string | null;
  privacy_contact: string | null;
  retention_days: number;
  retention_erases_at: string | null;
  privacy_notice_version: string;
};

export type PrivacyNotice = {
  title: string;
  /** The notice's paragraphs: the fixed parts, written from the settings, with the organiser's text among them. */
  paragraphs: string[];
  /** True when the organiser wrote a text of their own for this language. */
  custom: boolean;
  /** When what it says last changed (ISO): the version a consent records. */
  version: string;
};

/**
 * The notice's fixed parts in one language (server-behaviour.md, "Privacy"), written from the settings: who
 * collects and how to reach them, what, why, how long, the right to refuse and what refusing means, the
 * guardian under 14, and how to ask for erasure. The organiser's own text goes after "why".
 */
function fixedNotice(locale: Locale, settings: NoticeSettings): NoticeText {
  const say = (key: Parameters<typeof text>[0], values?: Parameters<typeof text>[1]) => translate(locale, text(key, values));
  const names = { en: settings.event_name_en, ko: settings.event_name_ko };
  const event = eventNameIn(locale, { event_name: settings.event_name, event_names: names }) ?? say("app.name");
  const days = settings.retention_days;
  const before = [
    settings.privacy_contact
      ? say("privacy.notice.who", { event, contact: settings.privacy_contact })
      : say("privacy.notice.whoNoContact", { event }),
    say("privacy.notice.what"),
    say("privacy.notice.why"),
  ];
  const after = [
    settings.retention_erases_at
      ? say("privacy.notice.howLongDate", { days, date: new Date(settings.retention_erases_at) })
      : say("privacy.notice.howLongDays", { days }),
    say("privacy.notice.refuse"),
    say("privacy.notice.children"),
    say("privacy.notice.erasure"),
  ];
  return { title: say("privacy.notice.title"), paragraphs: [...before, ...after], organiser_at: before.length };
}

/**
 * The privacy notice in one language: the fixed parts from the settings, with the organiser's text for that
 * language (if any) in its place among them. The organiser adds to the notice; they never drop the contact
 * or the visitor's rights from it.
 */
export function privacyNotice(locale: Locale, settings: NoticeSettings): PrivacyNotice {
  const written = locale === "ko" ? settings.privacy_notice_ko : settings.privacy_notice_en;
  const { title, paragraphs } = withOrganiserText(fixedNotice(locale, settings), written);
  return { title, paragraphs, custom: organiserParagraphs(written).length > 0, version: settings.privacy_notice_version };
}

/** The settings' answer with the fixed parts in each language (the settings screen previews the typed text among them). */
export function withNoticeDefaults<T extends NoticeSettings>(settings: T): T & { privacy_notice_default: Record<Locale, NoticeText> } {
  return { ...settings, privacy_notice_default: { en: fixedNotice("en", settings), ko: fixedNotice("ko", settings) } };
}
