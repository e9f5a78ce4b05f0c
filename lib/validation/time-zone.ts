export { isTimeZoneName } from "@/shared/plain-checks.mjs";

/** "+09:00", "-03:30", "+00:00": how far `timeZone` is ahead of UTC at `at`. */
export function utcOffset(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(at);
  const name = parts.find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  // "GMT+09:00", or "GMT" alone at UTC.
  return name === "GMT" ? "+00:00" : name.replace("GMT", "");
}
