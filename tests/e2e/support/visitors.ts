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

/**
 * A slow network for the page's calls matching `pattern`: each is sent to the server at once, with the
 * cookies the browser holds at that moment (the server hands out its cookies then), and its answer, with
 * those cookies, reaches the page only `delayMs` later. (Playwright's own route.fetch would store the
 * answer's cookies in the browser at once, and route.continue sends a request only when continued.)
 */
export async function deliverLate(page: Page, pattern: string, delayMs: number): Promise<void> {
  await page.route(pattern, async (route) => {
    const request = route.request();
    const cookies = await page.context().cookies(request.url());
    const answer = await fetch(request.url(), {
      method: request.method(),
      headers: { ...(await request.allHeaders()), cookie: cookies.map(({ name, value }) => `${name}=${value}`).join("; ") },
      body: request.postData() ?? undefined,
    });
    const body = Buffer.from(await answer.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    // fetch has already decoded the body: its encoding and length no longer describe the bytes handed over.
    const headers = Object.fromEntries([...answer.headers].filter(([name]) => name !== "content-encoding" && name !== "content-length"));
    const setCookies = answer.headers.getSetCookie();
    if (setCookies.length > 0) headers["set-cookie"] = setCookies.join("\n");
    await route.fulfill({ status: answer.status, headers, body });
  });
}
