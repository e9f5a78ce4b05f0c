import type { Browser, Page, Route, TestInfo } from "@playwright/test";
import { ProductPage } from "../pages/product-page";

/** A second visitor: another browser context (own cookies, own visitor id) on the same kind of device. */
export async function otherVisitor(browser: Browser, testInfo: TestInfo): Promise<ProductPage> {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  return new ProductPage(await context.newPage());
}

/** The seconds the claim form's countdown shows ("42s"). */
export function secondsShown(text: string | null): number {
  const match = /^(\d+)s$/.exec(text ?? "");
  if (!match) throw new Error(`Countdown shows "${text}"`);
  return Number(match[1]);
}

/**
 * A phone on a slow network: the page's scripts are held back until the test calls the returned
 * `release`, so a tap is surely made before they arrive (no fixed delay to outlast on a busy machine).
 */
export async function holdPageScripts(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const chunks = "**/_next/static/chunks/*.js";
  const holdBack = async (route: Route) => {
    await released;
    await route.continue();
  };
  await page.route(chunks, holdBack);
  // Left in place once released (unrouting would cut the held requests off): it then lets all through.
  return async () => release();
}
