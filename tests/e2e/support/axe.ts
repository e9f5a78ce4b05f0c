import { readFileSync } from "node:fs";
import { expect, type Page, type TestInfo } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

/** axe-core's own build, put into the page under test (Playwright compiles specs to CommonJS: `require` is there). */
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe-core in the page as it is now: `include`, a CSS selector to check only that part; `rules`, only
 * these rules (else every rule of `tags`).
 */
export async function runAxe(page: Page, { include, rules, tags }: { include?: string; rules?: string[]; tags?: string[] }) {
  await axeReady(page);
  const options: RunOptions = rules ? { runOnly: { type: "rule", values: rules } } : { runOnly: { type: "tag", values: tags ?? [] } };
  return page.evaluate(
    ({ include, options }) =>
      (window as unknown as { axe: typeof import("axe-core") }).axe.run(include ? { include: [include] } : document, options),
    { include, options },
  ) as Promise<AxeResults>;
}

/**
 * Every rule of `tags` on the whole page as it is now: only the violations come back, with how many rules
 * passed (the full results, each rule's description and an element of each passing one, would be serialised
 * out of the page and read by the test's worker for nothing).
 */
async function axeViolations(page: Page, tags: string[]): Promise<{ violations: AxeResults["violations"]; rulesPassed: number }> {
  await axeReady(page);
  return page.evaluate(async (tags) => {
    const results = await (window as unknown as { axe: typeof import("axe-core") }).axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return { violations: results.violations, rulesPassed: results.passes.length };
  }, tags);
}

/**
 * The page's short animations ended, and axe put into the document once: a check after another on the same
 * document reuses it. (@axe-core/playwright sent its 550 KB source twice for every check, and in its default
 * mode ran each frame apart, then finished in a blank page of its own with axe put in again: several times the
 * CPU, for frames the app's screens do not have.)
 */
async function axeReady(page: Page) {
  await animationsFinished(page);
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
  if (!present) await page.evaluate(AXE_SOURCE);
}

/**
 * Waits for the page's short animations and transitions to end (a button's colour fading to its new state over
 * 150 ms, a dialog sliding in), for 2 s at most: checked halfway, white text on a background still changing
 * colour is a contrast failure no one sees. Endless or long ones (a spinner, the ticket's sway, a hold's
 * countdown) are the page as it stays.
 */
async function animationsFinished(page: Page) {
  await page.evaluate(() => {
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
      .map((animation) => animation.finished.catch(() => undefined));
    return Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}

/** WCAG 2.2 AA, the level the product promises: the rules of every level up to AA of 2.0, 2.1 and 2.2. */
const WCAG_22_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * A violation another engineer is fixing on a screen they own, tolerated here until their fix lands: the
 * check prints it on every run and still fails on any violation not listed. `projects` limits it to the
 * widths it was seen at; `target` to the element (axe's CSS selector, matched as a substring).
 */
export type KnownViolation = {
  screen: string;
  rule: string;
  target: string;
  projects: ("desktop" | "phone")[];
  owner: string;
  why: string;
};

export type Finding = { screen: string; project: string; rule: string; impact: string; target: string; help: string };

const isKnown = (finding: Finding, known: KnownViolation[]) =>
  known.some(
    (entry) =>
      entry.screen === finding.screen &&
      entry.rule === finding.rule &&
      finding.target.includes(entry.target) &&
      (entry.projects as string[]).includes(finding.project),
  );

/**
 * Runs axe-core on the page as it is now and fails the test on any WCAG 2.2 AA violation that is not a
 * listed known one. Each finding is one element, so a second element breaking the same rule is new. A soft
 * failure: the test goes on to check its other screens, so one run lists every screen's violations.
 */
export async function expectNoNewViolations(page: Page, screen: string, testInfo: TestInfo, known: KnownViolation[]) {
  const results = await axeViolations(page, WCAG_22_AA_TAGS);
  const findings: Finding[] = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      screen,
      project: testInfo.project.name,
      rule: violation.id,
      impact: violation.impact ?? "",
      target: node.target.join(" "),
      help: violation.help,
    })),
  );
  const tolerated = findings.filter((finding) => isKnown(finding, known));
  for (const finding of tolerated) {
    const owner = known.find((entry) => entry.rule === finding.rule && entry.screen === finding.screen)?.owner;
    console.log(`axe KNOWN (${owner}) ${screen} @${finding.project}: ${finding.rule} on ${finding.target}: ${finding.help}`);
  }
  console.log(
    `axe ${screen} @${testInfo.project.name}: ${results.rulesPassed} rules pass, ${findings.length} violations, ${tolerated.length} known`,
  );
  const fresh = findings.filter((finding) => !isKnown(finding, known));
  expect.soft(fresh, `axe violations on ${screen}`).toEqual([]);
}
