import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const thisFile = path.relative(root, import.meta.filename);

/**
 * The app runs the server Next.js ships, through its documented custom-server API (server.mjs).
 * Private internals (next/dist/...), patched prototypes and a rewritten server output would each break
 * silently on a minor upgrade, so none may come back. Every tracked file is read except this one.
 */
const FORBIDDEN: Array<[RegExp, string]> = [
  [/next\/dist/, "imports or names Next.js's private modules (next/dist/...)"],
  [/\b[A-Za-z_$][\w$]*\.prototype\.[\w$]+\s*=(?!=)/, "patches a prototype"],
  [/prototype\.emit/, "patches http.Server.prototype.emit"],
  [/next-server\.js/, "renames or wraps Next.js's standalone server"],
  [/\.next\/standalone/, "runs a rewritten standalone output"],
];

describe("no framework internals", () => {
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => file && file !== thisFile && !/\.(png|jpe?g|ico|woff2?|xlsx)$/.test(file) && !file.startsWith("drizzle/meta/"));

  it("reads the project's files (so a passing check means something)", () => {
    expect(files).toContain("server.mjs");
    expect(files.length).toBeGreaterThan(100);
  });

  for (const [pattern, what] of FORBIDDEN) {
    it(`nothing ${what}`, () => {
      const offenders = files.filter((file) => {
        try {
          return pattern.test(readFileSync(path.join(root, file), "utf8"));
        } catch {
          return false; // Deleted in the work tree but still tracked.
        }
      });
      expect(offenders).toEqual([]);
    });
  }
});
