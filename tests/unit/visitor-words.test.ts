import { describe, expect, it } from "vitest";
import { opensAtMessage } from "@/lib/event/messages";
import { clockTime, dayOfMonth } from "@/lib/i18n/clock";
import { fill } from "@/lib/i18n/fill";
import { sayIn, translate } from "@/lib/i18n/translate";
import en from "@/messages/en.json";
import ko from "@/messages/ko.json";
import type { MessageKey } from "@/shared/i18n/text";

/** Every message of a part of a catalogue, by its dotted key. */
function messages(part: object, prefix: string): [string, string][] {
  return Object.entries(part).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : messages(value as object, `${prefix}${key}.`),
  );
}

function getIn(catalogue: object, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
}

describe("the words the visitor's page and the big screen say without a translation library", () => {
  // visitor-words.ts and the display page pass these as written; lib/i18n/fill.ts fills in their {arguments}.
  const shownAsWritten = [en, ko].flatMap((catalogue) => [
    ...messages(catalogue.visitor, "visitor."),
    ...messages(catalogue.display, "display."),
  ]);

  it("take plain {arguments} only: no plural, select or quoting, which fill() would show as written", () => {
    const notPlain = shownAsWritten.filter(([, message]) => /\{\s*\w+\s*,|'[{}]|<\w+>/.test(message));
    expect(notPlain).toEqual([]);
  });

  it("fill() says them as the translation library does", () => {
    for (const [key, message] of shownAsWritten) {
      const names = [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const values = Object.fromEntries(names.map((name, index) => [name, `value ${index}`]));
      const locale = key.startsWith("visitor.") || key.startsWith("display.") ? (message === getIn(en, key) ? "en" : "ko") : "en";
      expect(fill(message, values), key).toBe(translate(locale, { key: key as MessageKey, values }));
    }
    // A value is shown as it is, braces and all (a prize's name is the organiser's).
    expect(fill("You won {prize}", { prize: "Tote {bag}" })).toBe("You won Tote {bag}");
  });
});

describe("times said to visitors, on the event's clock in their language", () => {
  const at = new Date("2026-05-03T05:05:09Z");

  it("English as the event's programme writes them, Korean with its day period", () => {
    expect(clockTime(at, "en", "Asia/Seoul")).toBe("14:05");
    expect(clockTime(at, "ko", "Asia/Seoul")).toBe("오후 2:05");
    expect(clockTime(at, "en", "Asia/Seoul", { seconds: true })).toBe("14:05:09");
    expect(dayOfMonth(at, "en", "Asia/Seoul")).toBe("3 May");
    expect(dayOfMonth(at, "ko", "Asia/Seoul")).toBe("5월 3일");
  });

  it("a refusal made once is said in each reader's language", () => {
    const opens = opensAtMessage(at, "Asia/Seoul");
    expect(sayIn("en", opens)).toBe("Prizes can be won from 14:05 on 3 May.");
    expect(sayIn("ko", opens)).toBe("5월 3일 오후 2:05부터 경품을 받을 수 있어요.");
  });
});
