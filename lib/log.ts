import { formatWithOptions } from "node:util";
import { getConfig } from "@/lib/config";

/**
 * The server's log: one line per event. `LOG_FORMAT=json` writes one JSON object per line (for a log
 * collector); the default is readable text. Expected outcomes (a wrong password, a refused claim) are not
 * logged at all; a stack trace is written only for an unexpected error, which is a bug to fix.
 */

type Level = "info" | "warn" | "error";
type Fields = Record<string, unknown>;

function format(): "text" | "json" {
  try {
    return getConfig().logFormat;
  } catch {
    return "text"; // A bad configuration is reported by start-up; logging must still work meanwhile.
  }
}

/** A message's first line, cut short: drizzle's "Failed query: <the whole SQL>" must not fill the log. */
const firstLine = (text: string) => {
  const line = text.split("\n")[0] ?? "";
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
};

/** The parts of an error worth a log line: its message and Postgres code, and the stack when asked for. */
export function describeError(error: unknown, withStack: boolean): Fields {
  if (!(error instanceof Error)) return { error: firstLine(String(error)) };
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  const cause = error.cause instanceof Error ? firstLine(error.cause.message) : undefined;
  return {
    error: firstLine(error.message),
    ...(typeof code === "string" ? { code } : {}),
    ...(cause ? { cause } : {}),
    ...(withStack && error.stack ? { stack: error.stack } : {}),
  };
}

// The console as it was before routeConsoleThroughLog replaced it, kept once per process (Next.js loads this
// module once per bundle), so that log() writes straight out and never calls itself.
const ORIGINAL_CONSOLE = Symbol.for("prize-giveaway.original-console");
type ConsoleWriters = { log: typeof console.log; warn: typeof console.warn; error: typeof console.error };
type WithOriginal = typeof globalThis & { [ORIGINAL_CONSOLE]?: ConsoleWriters };
const writers = (): ConsoleWriters => (globalThis as WithOriginal)[ORIGINAL_CONSOLE] ?? console;

export function log(level: Level, message: string, fields: Fields = {}): void {
  const out = writers();
  const write = level === "info" ? out.log : level === "warn" ? out.warn : out.error;
  if (format() === "json") {
    write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
    return;
  }
  const { stack, ...rest } = fields;
  const details = Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value ?? null)}`)
    .join(" ");
  write(`[${level}] ${message}${details ? ` ${details}` : ""}${typeof stack === "string" ? `\n${stack}` : ""}`);
}

/**
 * With LOG_FORMAT=json, what Next.js and libraries print through the console (a page that failed to
 * render, a warning) becomes JSON lines too: the first line is the message, the rest its detail.
 */
export function routeConsoleThroughLog(): void {
  const holder = globalThis as WithOriginal;
  if (format() !== "json" || holder[ORIGINAL_CONSOLE]) return;
  holder[ORIGINAL_CONSOLE] = { log: console.log, warn: console.warn, error: console.error };
  const through =
    (level: Level) =>
    (...args: unknown[]) => {
      const text = formatWithOptions({ colors: false }, ...args).trim();
      if (text === "") return;
      const [first = "", ...rest] = text.split("\n");
      log(level, first, rest.length > 0 ? { detail: rest.join("\n") } : {});
    };
  console.log = through("info");
  console.info = through("info");
  console.warn = through("warn");
  console.error = through("error");
}
