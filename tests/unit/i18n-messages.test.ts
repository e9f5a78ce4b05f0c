import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import en from "@/messages/en.json";
import ko from "@/messages/ko.json";
import { textLiterals } from "../support/text-literals";

/** Every key of a catalogue with its message: `{"a": {"b": "x"}}` gives ["a.b", "x"]. */
function entries(messages: object, prefix = ""): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : entries(value as object, `${prefix}${key}.`),
  );
}

/** The values a message takes ({count}, {name, plural, ...}, <b>...</b>): both languages must take the same. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\s*(\w+)\s*[,}]/g)) names.add(match[1]!);
  for (const match of message.matchAll(/<(\w+)>/g)) names.add(`<${match[1]}>`);
  // Plural branches hold words, not arguments: `{count, plural, one {# unit} other {# units}}`.
  for (const word of ["one", "other", "zero", "few", "many", "two"]) names.delete(word);
  return [...names].sort();
}

describe("the message catalogues", () => {
  const english = new Map(entries(en));
  const korean = new Map(entries(ko));

  test("every key is in both languages", () => {
    expect(
      [...korean.keys()].filter((key) => !english.has(key)),
      "in ko.json, not en.json",
    ).toEqual([]);
    expect(
      [...english.keys()].filter((key) => !korean.has(key)),
      "in en.json, not ko.json",
    ).toEqual([]);
  });

  test("each message takes the same values in both languages, and none is empty", () => {
    const mismatched = [...english].filter(
      ([key, message]) => korean.has(key) && argumentsOf(message).join() !== argumentsOf(korean.get(key)!).join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
    expect([...english, ...korean].filter(([, message]) => message.trim() === "").map(([key]) => key)).toEqual([]);
  });

  test("both files are formatted alike (sorted by the same keys), so a diff shows one change once", () => {
    expect(entries(ko).map(([key]) => key)).toEqual(entries(en).map(([key]) => key));
    for (const file of ["messages/en.json", "messages/ko.json"]) {
      const raw = readFileSync(file, "utf8");
      expect(raw, file).toBe(`${JSON.stringify(JSON.parse(raw), null, 2)}\n`);
    }
  });
});

describe("no words outside the message files", () => {
  test("no component or page renders a text literal", () => {
    const places = ["components", "app/[locale]", "app/global-not-found.tsx"];
    const found = textLiterals(process.cwd(), places);
    expect(found.map((literal) => `${literal.file}:${literal.line} ${JSON.stringify(literal.text)}`)).toEqual([]);
    // Parsing every component takes a few seconds on a busy 2-core machine.
  }, 60_000);

  test("the finder sees the kinds of literal it is meant to", () => {
    const found = textLiterals(process.cwd(), ["tests/support/text-literal-samples.tsx"]).map((literal) => literal.text);
    expect(found).toEqual(["Choose a prize first.", "Shown as JSX text", "A shown label", "Saved", "Failed"]);
  });
});
