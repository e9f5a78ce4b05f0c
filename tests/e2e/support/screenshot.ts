import type { Locator, Page } from "@playwright/test";

/**
 * Screenshots are for a person to look at, and nothing asserts on them: they are taken only with SCREENSHOTS=1
 * (`SCREENSHOTS=1 npx playwright test`), into `.tmp/screenshots/`. Every run taking them cost about a tenth of
 * the browser tests' CPU.
 */
const screenshotsAsked = process.env.SCREENSHOTS === "1";

/**
 * A screenshot at the widths the screens are reviewed at: 1440 px in the desktop project, 390 px in the phone
 * one. Saved as `.tmp/screenshots/<name>-<desktop|phone>.png`.
 */
export async function reviewScreenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (!screenshotsAsked) return;
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const width = widthName(page);
  await page.setViewportSize(width === "phone" ? { width: 390, height: 844 } : { width: 1440, height: 900 });
  // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `.tmp/screenshots/${name}-${width}.png`, fullPage });
  await page.setViewportSize(viewport);
}

/** A screenshot of the page at its size as it is (or of one element), saved as `.tmp/screenshots/<name>.png`. */
export async function screenshotAsIs(target: Page | Locator, name: string, { fullPage = false, settled = false } = {}) {
  if (!screenshotsAsked) return;
  const path = `.tmp/screenshots/${name}.png`;
  if ("mainFrame" in target) {
    // `settled`: the visitor's ticket sways and dialogs fade in; the picture shows them at rest.
    if (settled) await target.waitForTimeout(300);
    await target.screenshot({ path, fullPage, ...(settled ? { animations: "disabled" as const } : {}) });
  } else {
    await target.screenshot({ path });
  }
}

/** `desktop` or `phone`, by the page's width: a screenshot's name says which it shows. */
export function widthName(page: Page): "desktop" | "phone" {
  return (page.viewportSize()?.width ?? 0) < 600 ? "phone" : "desktop";
}
