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

/** The parts of an error worth a log line: its message and Postgres code, and the stack when asked for. */
export function describeError(error: unknown, withStack: boolean): Fields {
  if (!(error instanceof Error)) return { error: String(error) };
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return {
    error: error.message,
    ...(typeof code === "string" ? { code } : {}),
    ...(cause ? { cause } : {}),
    ...(withStack && error.stack ? { stack: error.stack } : {}),
  };
}

export function log(level: Level, message: string, fields: Fields = {}): void {
  const write = level === "info" ? console.log : level === "warn" ? console.warn : console.error;
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
