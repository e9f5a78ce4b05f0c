"use client";

import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale } from "@/shared/i18n/locales";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * The language switch, for visitors and the team alike: remembers the choice in the NEXT_LOCALE cookie and
 * loads the same address again (the address never names a language, so a printed QR code works in both).
 * Its label comes from the server in the current language: no translation library in the visitor's script.
 */
export function LanguageSwitch({ current, label, className = "" }: { current: Locale; label: string; className?: string }) {
  return (
    <label className={`inline-flex items-center gap-1.5 text-sm text-slate-600 ${className}`}>
      <span className="sr-only">{label}</span>
      <GlobeMark />
      <select
        value={current}
        onChange={(event) => choose(event.target.value as Locale)}
        className="min-h-9 rounded-md border border-slate-300 bg-white py-1 pr-7 pl-2 text-sm text-slate-800"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}

function choose(locale: Locale): void {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, read by the server only; the Cookie Store API is not in every phone's browser.
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax${secure}`;
  window.location.reload();
}

function GlobeMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-4">
      <circle cx="10" cy="10" r="7.5" />
      <path d="M2.5 10h15M10 2.5c2.2 2.3 2.2 12.7 0 15M10 2.5c-2.2 2.3-2.2 12.7 0 15" />
    </svg>
  );
}
