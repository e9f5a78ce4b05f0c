import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const thisFile = path.relative(root, import.meta.filename);

/**
 * A tracker's number ("issue 37", "issues 20-22", "Issue #12") tells a reader nothing without the tracker,
 * and goes stale when the work is done: a comment or a document says the reason itself.
 */
const ISSUE_NUMBER = /\bissues?\s?#?\d+/i;

/** Each line naming an issue by its number, as `file:line: text`. */
function issueNumbersIn(file: string, text: string): string[] {
  return text.split("\n").flatMap((line, index) => (ISSUE_NUMBER.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

describe("no issue numbers in the code or the documentation", () => {
  // Every file of the project a newcomer reads, the configuration at its root too; not pictures, nor the lockfile
  // (npm's own record).
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => file && file !== thisFile && file !== "package-lock.json" && !/\.(png|jpe?g|ico|webp|woff2?|xlsx)$/.test(file));

  it("reads the project's code and documents (so a passing check means something)", () => {
    expect(files).toContain("server.mjs");
    expect(files).toContain("README.md");
    expect(files).toContain("knip.jsonc");
    expect(files).toContain("docs/server-behaviour.md");
    expect(files.length).toBeGreaterThan(100);
  });

  it("recognises a reference to an issue, and only that", () => {
    for (const reference of ["(issue 37)", "Issue 25 item 4", "issues 20-22", "issue 33's sweep", "Issue #12"]) {
      expect(issueNumbersIn("example.ts", reference)).toHaveLength(1);
    }
    for (const innocent of ["React's error #418", "issueVisitorCookie(request, 428)", "the issues list"]) {
      expect(issueNumbersIn("example.ts", innocent)).toEqual([]);
    }
  });

  it("no comment, test or document names an issue by its number: each says why instead", () => {
    const found = files.flatMap((file) => {
      try {
        return issueNumbersIn(file, readFileSync(path.join(root, file), "utf8"));
      } catch {
        return []; // Deleted in the work tree but still tracked.
      }
    });
    expect(found).toEqual([]);
  });
});
