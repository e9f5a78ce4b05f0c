import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** The app's own source files under `folders` (tracked or new, not ignored). */
function sourceFiles(...folders: string[]): string[] {
  return execFileSync("git", ["ls-files", "-co", "--exclude-standard", "--", ...folders], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.(ts|tsx|mts|mjs)$/.test(file))
    .filter((file) => {
      try {
        readFileSync(path.join(root, file));
        return true;
      } catch {
        return false; // Deleted in the work tree but still tracked.
      }
    });
}

const offenders = (files: string[], pattern: RegExp) => files.filter((file) => pattern.test(readFileSync(path.join(root, file), "utf8")));

/** One way for each thing, so the next change is made in one place. */
describe("one way for each thing", () => {
  const app = sourceFiles("app", "lib", "db", "scripts", "components");

  it("reads the app's files (so a passing check means something)", () => {
    expect(app).toContain("lib/services/transaction.ts");
    expect(app.length).toBeGreaterThan(100);
  });

  it("every transaction goes through retryingTransaction (it retries deadlocks and serialization failures)", () => {
    expect(offenders(app, /\.transaction\(/).filter((file) => file !== "lib/services/transaction.ts")).toEqual([]);
  });

  it("route() works out the caller's language once: handlers take `locale` from it, never from the request", () => {
    const readers = offenders(app, /\blocaleOfRequest\b|@\/lib\/i18n\/request-locale/);
    expect(readers.filter((file) => file !== "lib/api/route.ts" && file !== "lib/i18n/request-locale.ts")).toEqual([]);
  });

  it("one not-found screen: only components/public/not-found-screen.tsx reads the notFound words", () => {
    const readers = offenders(app, /["'`]notFound[."'`]/);
    expect(readers.filter((file) => file !== "components/public/not-found-screen.tsx")).toEqual([]);
  });
});
