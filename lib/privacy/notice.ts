import { translate } from "@/lib/i18n/translate";
import type { NoticeText } from "@/shared/contracts/settings";
import type { Locale } from "@/shared/i18n/locales";
import { text } from "@/shared/i18n/text";

/** What the notice is written from (the settings row, as shared/contracts/settings.ts answers it). */
export type NoticeSettings = {
  event_name: string | null;
  privacy_notice_en: string | null;
  privacy_notice_ko: string | null;
  privacy_contact: string | null;
  retention_days: number;
  retention_erases_at: string | null;
  privacy_notice_version: string;
};

export type PrivacyNotice = {
  title: string;
  /** The notice's paragraphs: the organiser's text split at blank lines, or the default's parts. */
  paragraphs: string[];
  /** True when the organiser wrote it; false for the default written from the settings. */
  custom: boolean;
  /** When what it says last changed (ISO): the version a consent records. */
  version: string;
};

/**
 * The privacy notice in one language (server-behaviour.md, "Privacy"): the organiser's text for that
 * language, or else the default written from the settings: who collects and how to reach them, what, why,
 * how long, the right to refuse and what refusing means, the guardian under 14, and how to ask for erasure.
 */
export function privacyNotice(locale: Locale, settings: NoticeSettings): PrivacyNotice {
  const say = (key: Parameters<typeof text>[0], values?: Parameters<typeof text>[1]) => translate(locale, text(key, values));
  const title = say("privacy.notice.title");
  const written = locale === "ko" ? settings.privacy_notice_ko : settings.privacy_notice_en;
  if (written?.trim()) {
    const paragraphs = written
      .split(/\n\s*\n/)
      .map((part) => part.trim())
      .filter(Boolean);
    return { title, paragraphs, custom: true, version: settings.privacy_notice_version };
  }
  const event = settings.event_name ?? say("app.name");
  const days = settings.retention_days;
  const paragraphs = [
    settings.privacy_contact
      ? say("privacy.notice.who", { event, contact: settings.privacy_contact })
      : say("privacy.notice.whoNoContact", { event }),
    say("privacy.notice.what"),
    say("privacy.notice.why"),
    settings.retention_erases_at
      ? say("privacy.notice.howLongDate", { days, date: new Date(settings.retention_erases_at) })
      : say("privacy.notice.howLongDays", { days }),
    say("privacy.notice.refuse"),
    say("privacy.notice.children"),
    say("privacy.notice.erasure"),
  ];
  return { title, paragraphs, custom: false, version: settings.privacy_notice_version };
}

/** The settings' answer with the default notice in each language (the settings screen's preview of a blank notice). */
export function withNoticeDefaults<T extends NoticeSettings>(settings: T): T & { privacy_notice_default: Record<Locale, NoticeText> } {
  const blank = { ...settings, privacy_notice_en: null, privacy_notice_ko: null };
  const of = (locale: Locale): NoticeText => {
    const { title, paragraphs } = privacyNotice(locale, blank);
    return { title, paragraphs };
  };
  return { ...settings, privacy_notice_default: { en: of("en"), ko: of("ko") } };
}
