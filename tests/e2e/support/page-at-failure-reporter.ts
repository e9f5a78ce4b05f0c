import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** Lines of the page's snapshot printed at most: a whole admin screen is 100-300. */
const MOST_LINES = 200;

/**
 * CI keeps only what the run prints, so a failed test's page, as Playwright recorded it for its error-context
 * file (the accessibility tree: "Loading…", an error banner, the sign-in form), is printed after the failure,
 * with when in the run it failed and the machine's load then. That tells a screen starved on a loaded machine
 * from one that answered with an error.
 */
export default class PageAtFailureReporter implements Reporter {
  private readonly startedAt = Date.now();

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === test.expectedStatus) return;
    const seconds = Math.round((Date.now() - this.startedAt) / 1000);
    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(" ");
    const lines = [`== ${test.titlePath().slice(1).join(" › ")}: ${result.status} ${seconds} s into the run, load ${load}`];
    const context = result.attachments.find((attachment) => attachment.name === "error-context" && attachment.path);
    const snapshot = context?.path ? pageSnapshot(readFileSync(context.path, "utf8")) : null;
    if (snapshot) {
      const shown = snapshot.split("\n");
      lines.push("The page then:", ...shown.slice(0, MOST_LINES));
      if (shown.length > MOST_LINES) lines.push(`(${shown.length - MOST_LINES} more lines in ${context?.path})`);
    } else {
      lines.push("No page snapshot was recorded.");
    }
    console.log(lines.join("\n"));
  }
}

/**
 * The page's accessibility tree in an error-context file: the first YAML block (under the failed matcher's
 * error when it recorded one, else the "Page snapshot" section).
 */
function pageSnapshot(markdown: string): string | null {
  return markdown.match(/^```yaml\n([\s\S]*?)^```/m)?.[1]?.trimEnd() ?? null;
}
