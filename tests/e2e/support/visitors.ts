import type { Browser, TestInfo } from "@playwright/test";
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
