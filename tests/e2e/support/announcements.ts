import { expect, type Page } from "@playwright/test";

/**
 * Success messages hide themselves after 3 s (spec §9), and on a starved machine a test can look for one
 * later than that (a browser test missed "Deactivated …" so once). So every page records, from its first
 * script on, each text shown in a visible status region (role `status`, or an `<output>`), and a test asks
 * that record whether the message was shown, not whether it is still there.
 */

declare global {
  interface Window {
    /** Each showing of a text in a status region, in order; a check takes out the one it matched. */
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
    // message, so the same text shown twice is logged twice). Only while the region can be seen.
    const lastText = new WeakMap<Element, string>();
    const collect = () => {
      for (const region of document.querySelectorAll('[role="status"], output')) {
        const text = (region.textContent ?? "").replace(/\s+/g, " ").trim();
        if (text && lastText.get(region) !== text && region.checkVisibility()) shown.push(text);
        lastText.set(region, text);
      }
    };
    new MutationObserver(collect).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** What to look for: a string matches a part, ignoring case and runs of whitespace (as Playwright's `hasText`). */
type Wanted = { text: string } | { source: string; flags: string };

/**
 * In one step in the page: whether a showing matches `wanted`; with `take`, it is removed (a later check
 * needs a new one). Null when the page does not record; false while it is between documents.
 */
async function findShowing(page: Page, text: string | RegExp, take: boolean): Promise<boolean> {
  // A RegExp crosses into the page as its source; without g or y, whose lastIndex would carry over.
  const wanted: Wanted = typeof text === "string" ? { text } : { source: text.source, flags: text.flags.replace(/[gy]/g, "") };
  const found = await page
    .evaluate(
      ({ wanted, take }) => {
        const shown = window.__announcements;
        if (!shown) return null;
        const matches = (each: string) =>
          "text" in wanted
            ? each.toLowerCase().includes(wanted.text.replace(/\s+/g, " ").trim().toLowerCase())
            : new RegExp(wanted.source, wanted.flags).test(each);
        const index = shown.findIndex(matches);
        if (index >= 0 && take) shown.splice(index, 1);
        return index >= 0;
      },
      { wanted, take },
    )
    // The page navigating meanwhile: nothing shown in the new document yet.
    .catch(() => false);
  if (found === null) throw new Error("This page does not record its messages: call recordAnnouncements(page) before it opens.");
  return found;
}

/** Whether a status region of this document has shown `text` (and no check has taken that showing yet). */
export function wasAnnounced(page: Page, text: string | RegExp): Promise<boolean> {
  return findShowing(page, text, false);
}

/**
 * Waits until a status region of this document has shown `text` (it may have hidden itself since), and
 * takes that showing out of the record: the same message after a second save needs a second showing.
 */
export async function expectAnnounced(page: Page, text: string | RegExp, options?: { timeout?: number }): Promise<void> {
  await expect.poll(() => findShowing(page, text, true), { message: `a status region showing ${String(text)}`, ...options }).toBe(true);
}
