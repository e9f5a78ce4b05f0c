"use client";

import type { ReactNode } from "react";
import { BrandLogo } from "@/components/branding/brand-logo";
import { BrandStyle } from "@/components/branding/brand-style";
import { clockTime } from "@/lib/i18n/clock";
import { fill } from "@/lib/i18n/fill";
import { eventNameIn } from "@/shared/contracts/branding";
import type { DisplayPrize, DisplaySnapshot } from "@/shared/contracts/display";
import type { Locale } from "@/shared/i18n/locales";
import { inLanguage } from "@/shared/i18n/localized";
import type { DisplayWords } from "./display-words";
import { NextDrops } from "./next-drops";
import { type LiveState, useLiveSnapshot } from "./use-live-snapshot";

/** As many prizes as fit beside the winners in type read from 5 m; the rest are summed up in one line. */
const PRIZES_SHOWN = 7;

const THEMES = {
  dark: {
    page: "bg-slate-950 text-white",
    panel: "bg-slate-900 ring-1 ring-slate-800",
    muted: "text-slate-300",
    newest: "bg-amber-400 text-slate-950",
    row: "bg-slate-800/70",
    accent: "text-amber-300",
    brand: "text-primary-300",
  },
  light: {
    page: "bg-slate-100 text-slate-950",
    panel: "bg-white ring-1 ring-slate-300",
    muted: "text-slate-700",
    newest: "bg-amber-300 text-slate-950",
    row: "bg-slate-100",
    accent: "text-primary-800",
    brand: "text-primary-700",
  },
} as const;

/** A message with one argument shown as an element (a number in the accent colour). */
function withElement(message: string, name: string, element: ReactNode, values: Record<string, string | number>): ReactNode {
  const [before = "", after = ""] = message.split(`{${name}}`);
  return (
    <>
      {fill(before, values)}
      {element}
      {fill(after, values)}
    </>
  );
}

/**
 * The venue's big screen: today's winner count, the newest winners (masked nicknames) and what is left to
 * win. Sized in viewport units so a 1920x1080 TV (or a 1280x720 one) shows it all without scrolling.
 */
export function BigScreen({
  token,
  initial,
  theme,
  locale,
  words,
  productName,
}: {
  token: string;
  initial: DisplaySnapshot;
  theme: keyof typeof THEMES;
  locale: Locale;
  words: DisplayWords;
  /** The heading's name while the organiser has named no event (app.name, in the screen's language). */
  productName: string;
}) {
  const { snapshot, state } = useLiveSnapshot(token, initial);
  const colors = THEMES[theme];
  const stateText: Record<LiveState, string> = { live: words.live, reconnecting: words.reconnecting, ended: words.ended };
  const { branding } = snapshot;
  return (
    <main className={`flex h-dvh w-full flex-col gap-[2vh] overflow-hidden p-[3vh] ${colors.page}`}>
      {/* From the live snapshot: a branding change recolours and renames the screen without a reload. */}
      <BrandStyle color={branding.primary_color} />
      <header className="flex items-end justify-between gap-[2vw]">
        <div className="min-w-0">
          <p className={`flex items-center gap-[1vw] text-[3.6vh] font-bold ${colors.brand}`}>
            {branding.logo && (
              <BrandLogo logo={branding.logo} height={72} maxWidth={320} className="h-[6.5vh] w-auto rounded-[0.8vh] bg-white p-[0.4vh]" />
            )}
            <span className="truncate" data-testid="event-name">
              {eventNameIn(locale, branding) ?? productName}
            </span>
          </p>
          <h1 className="text-[5.5vh] font-extrabold leading-tight">{words.heading}</h1>
          <p className={`text-[3vh] ${colors.muted}`} role="status">
            <span
              aria-hidden="true"
              className={`mr-[0.6vw] inline-block size-[1.6vh] rounded-full ${state === "live" ? "bg-emerald-400" : "bg-red-500"}`}
            />
            {stateText[state]}
          </p>
        </div>
        <p className="text-right">
          <span className={`block text-[3vh] ${colors.muted}`}>{words.winnersToday}</span>
          <span className={`block text-[11vh] font-black leading-none tabular-nums ${colors.accent}`} data-testid="winners-today">
            {snapshot.winners_today}
          </span>
        </p>
      </header>
      <div className="grid min-h-0 flex-1 grid-cols-[3fr_2fr] gap-[2vw]">
        <section aria-labelledby="latest-winners" className={`flex min-h-0 min-w-0 flex-col rounded-[1.5vh] p-[2.5vh] ${colors.panel}`}>
          <h2 id="latest-winners" className="mb-[1.5vh] text-[4vh] font-bold">
            {words.latestWinners}
          </h2>
          {snapshot.recent_winners.length === 0 ? (
            <p className={`text-[3.5vh] ${colors.muted}`}>{words.noWinners}</p>
          ) : (
            <ol className="flex min-h-0 flex-col gap-[1vh]">
              {snapshot.recent_winners.map((winner, index) => (
                <li
                  key={`${winner.won_at}-${winner.nickname_masked}-${winner.prize_name}`}
                  className={`flex items-baseline justify-between gap-[1vw] rounded-[1vh] px-[1.2vw] py-[1vh] text-[3.6vh] ${index === 0 ? colors.newest : colors.row}`}
                >
                  <span className="truncate font-bold">{winner.nickname_masked}</span>
                  <span className="min-w-0 flex-1 truncate text-right">{inLanguage(locale, winner.prize_name, winner.prize_names)}</span>
                  <time dateTime={winner.won_at} className="shrink-0 tabular-nums opacity-80">
                    {clockTime(new Date(winner.won_at), locale, snapshot.time_zone)}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </section>
        <div className="flex min-h-0 min-w-0 flex-col gap-[2vh]">
          <NextDrops
            token={token}
            drops={snapshot.next_drops ?? []}
            words={words}
            locale={locale}
            timeZone={snapshot.time_zone}
            colors={colors}
          />
          <PrizesLeft
            locale={locale}
            prizes={snapshot.prizes}
            colors={colors}
            words={words}
            // The drops' panel takes the room of about two prizes, and each drop that of one more.
            limit={
              (snapshot.next_drops ?? []).length > 0 ? Math.max(2, PRIZES_SHOWN - 2 - (snapshot.next_drops ?? []).length) : PRIZES_SHOWN
            }
          />
        </div>
      </div>
    </main>
  );
}

/**
 * Where the prize can be won now, by name: "Now at Hall A, Hall B and 3 more", or "Not on a stand right now".
 * A visitor across the hall learns where to walk, not only that somewhere has one.
 */
function StandsNow({ prize, words, locale, accent }: { prize: DisplayPrize; words: DisplayWords; locale: Locale; accent: string }) {
  const named = prize.live_stands.map((stand) => inLanguage(locale, stand.name, stand.names));
  if (prize.live_placements === 0 || named.length === 0) return <span>{words.notOnStands}</span>;
  const more = prize.live_placements - named.length;
  const message = more > 0 ? words.nowAtMore : words.nowAt;
  return (
    <span data-testid="live-stands">
      {withElement(message, "stands", <strong className={accent}>{named.join(", ")}</strong>, { count: more })}
    </span>
  );
}

/**
 * What can be won now, on how many stands, apart from the stock for later: a prize in the box is not one
 * a visitor can find, so counting it would promise the hall more than is out there. Prizes on a stand now come first.
 */
function PrizesLeft({
  prizes,
  colors,
  words,
  locale,
  limit = PRIZES_SHOWN,
}: {
  prizes: DisplayPrize[];
  locale: Locale;
  colors: (typeof THEMES)[keyof typeof THEMES];
  words: DisplayWords;
  limit?: number;
}) {
  const ordered = [...prizes].sort((a, b) => Number(b.live_placements > 0) - Number(a.live_placements > 0));
  const shown = ordered.slice(0, limit);
  const more = prizes.length - shown.length;
  return (
    <section
      aria-labelledby="prizes-left"
      className={`flex min-h-0 min-w-0 flex-1 flex-col overflow-hidden rounded-[1.5vh] p-[2.5vh] ${colors.panel}`}
    >
      <h2 id="prizes-left" className="mb-[1.5vh] text-[4vh] font-bold">
        {words.stillToWin}
      </h2>
      <ul className="flex min-h-0 flex-col gap-[1vh]">
        {shown.map((prize) => {
          const live = prize.live_placements;
          const later = Math.max(0, prize.remaining_quantity - live);
          return (
            <li
              key={prize.name}
              data-testid="display-prize"
              // Not dimmed when on no stand: faded text fails the contrast a TV across a hall needs (axe, light
              // theme); the line's own words ("Not on a stand right now") and the order say it.
              className={`rounded-[1vh] px-[1.2vw] py-[0.8vh] ${colors.row}`}
            >
              <span className="block truncate text-[3.4vh] font-bold">{inLanguage(locale, prize.name, prize.names)}</span>
              <span className={`line-clamp-2 block text-[2.8vh] tabular-nums ${colors.muted}`}>
                <StandsNow prize={prize} words={words} locale={locale} accent={colors.accent} />
                {later > 0 && <span> · {fill(words.moreLater, { count: later })}</span>}
              </span>
            </li>
          );
        })}
      </ul>
      {more > 0 && <p className={`mt-[1vh] text-[2.8vh] ${colors.muted}`}>{fill(words.more, { count: more })}</p>}
      {prizes.length === 0 && <p className={`text-[3.5vh] ${colors.muted}`}>{words.noPrizes}</p>}
    </section>
  );
}
