import type { Page } from "@playwright/test";

/**
 * A screenshot for a person to look at, at the widths the screens are reviewed at: 1440 px in the desktop
 * project, 390 px in the phone one. Saved as `.tmp/screenshots/<name>-<desktop|phone>.png`.
 */
export async function reviewScreenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (process.env.SCREENSHOTS !== "1") return;
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const phone = viewport.width < 600;
  await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1440, height: 900 });
  // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `.tmp/screenshots/${name}-${phone ? "phone" : "desktop"}.png`, fullPage });
  await page.setViewportSize(viewport);
}
