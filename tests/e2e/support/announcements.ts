import { expect, type Page } from "@playwright/test";

/**
 * Success messages hide themselves after 3 s (spec §9), and on a starved machine a test can look for one
 * later than that (a browser test missed "Deactivated …" so once). So every page records, from its first
 * script on, each text shown in a live region (role status or alert, or an <output>), and a test asks that
 * record whether the message was shown, not whether it is still there.
 */

declare global {
  interface Window {
    /** Each showing of a text in a live region, in order; a check takes out the one it matched. */
    __announcements?: string[];
  }
}

/** Before the page's first navigation (the `page` fixture in signed-in.ts does it for every test's page). */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window.__announcements) return;
    const shown: string[] = [];
    window.__announcements = shown;
    // A region's text is logged when it changes, and a new region's (the banner is drawn anew for each
    // message, so the same text shown twice is logged twice).
    const lastText = new WeakMap<Element, string>();
    const collect = () => {
      for (const region of document.querySelectorAll('[role="status"], [role="alert"], output')) {
        const text = (region.textContent ?? "").replace(/\s+/g, " ").trim();
        if (text && lastText.get(region) !== text) shown.push(text);
        lastText.set(region, text);
      }
    };
    new MutationObserver(collect).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** As Playwright's `hasText`: a string matches a part, ignoring case and runs of whitespace; a RegExp tests. */
function matches(shown: string, text: string | RegExp): boolean {
  if (typeof text !== "string") return text.test(shown);
  return shown.toLowerCase().includes(text.replace(/\s+/g, " ").trim().toLowerCase());
}

/** Finds the first showing of `text` in the page's log; with `take`, removes it (a later check needs a new one). */
async function findShowing(page: Page, text: string | RegExp, take: boolean): Promise<boolean> {
  const shown = await page.evaluate(() => window.__announcements ?? null);
  if (shown === null) throw new Error("This page does not record its messages: call recordAnnouncements(page) before it opens.");
  const index = shown.findIndex((each) => matches(each, text));
  if (index < 0) return false;
  if (take) await page.evaluate((at) => window.__announcements?.splice(at, 1), index);
  return true;
}

/** Whether a live region of this document has shown `text` (and no check has taken that showing yet). */
export function wasAnnounced(page: Page, text: string | RegExp): Promise<boolean> {
  return findShowing(page, text, false);
}

/**
 * Waits until a live region of this document has shown `text` (it may have hidden itself since), and takes
 * that showing out of the log: the same message after a second save needs a second showing.
 */
export async function expectAnnounced(page: Page, text: string | RegExp, options?: { timeout?: number }): Promise<void> {
  await expect.poll(() => findShowing(page, text, true), { message: `a live region showing ${String(text)}`, ...options }).toBe(true);
}
