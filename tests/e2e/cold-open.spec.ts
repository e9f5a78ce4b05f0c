import type { ConsoleMessage, Page, Request } from "@playwright/test";
import { signInWithPrize } from "./support/giveaway-admin";
import { SCREENS, type Screen } from "./support/screens";
import { expect, test } from "./support/signed-in";

/**
 * Every screen (support/screens.ts, checked against app/[locale]/ by a unit test) opened cold, in
 * English and Korean, at 1440 px in the desktop project and 390 px in the phone project: no console error,
 * no uncaught exception, no React warning. /admin/distributions once threw React's hydration error #418 at
 * both widths; the screens reading the shared settings (winners, the settings' event rules and branding)
 * could do the same.
 */

/**
 * Every console error, React warning and uncaught exception of the page, from before it opens. `notFound`:
 * the address answers 404 on purpose, which the browser logs as an error of the document itself.
 */
function collectErrors(page: Page, notFound?: string): string[] {
  const errors: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    const text = message.text();
    const documentsOwn404 = notFound !== undefined && text.includes("status of 404") && message.location().url === notFound;
    if (message.type() === "error" && !documentsOwn404) errors.push(text);
    else if (message.type() === "warning" && /react|hydrat|warning:/i.test(text)) errors.push(`warning: ${text}`);
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

/** The page's requests still in flight (Playwright's own "networkidle" keeps no list to say which). */
function requestsInFlight(page: Page): Set<Request> {
  const inFlight = new Set<Request>();
  page.on("request", (request) => inFlight.add(request));
  page.on("requestfinished", (request) => inFlight.delete(request));
  page.on("requestfailed", (request) => inFlight.delete(request));
  return inFlight;
}

/**
 * Waits until no request has been in flight for 500 ms (as "networkidle" does), at most `limitMs`; returns
 * the addresses still in flight then (none once settled). Once, on a loaded machine, "networkidle" never
 * came for an unknown product page in 55 s, and did not say what it waited for.
 */
async function settle(inFlight: Set<Request>, limitMs: number): Promise<string[]> {
  const deadline = Date.now() + limitMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return [];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [...inFlight].map((request) => request.url());
}

const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

type Made = { urlPath?: string; token?: string };
let made: Promise<Made> | undefined;

/** What the visitor screens need, made once per worker through the organiser's API. */
function madeOnce(): Promise<Made> {
  made ??= (async () => {
    const { admin, pages } = await signInWithPrize(test.info(), "Cold open");
    const urlPath = await pages.withPrize();
    const token = await admin.displayToken();
    await admin.dispose();
    return { urlPath, token };
  })();
  return made;
}

function address(screen: Screen, { urlPath, token }: Made): string {
  return screen.path.replace("{urlPath}", urlPath ?? "").replace("{token}", token ?? "");
}

async function openCold(page: Page, screen: Screen, locale: "en" | "ko", projectName: string): Promise<void> {
  const baseURL = String(test.info().project.use.baseURL);
  const needs = screen.productPage || screen.displayToken ? await madeOnce() : {};
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL }]);
  await page.setViewportSize(WIDTHS[projectName as keyof typeof WIDTHS] ?? WIDTHS.desktop);
  const url = new URL(address(screen, needs), baseURL).href;
  const errors = collectErrors(page, screen.status === 404 ? url : undefined);
  const inFlight = requestsInFlight(page);
  const response = await page.goto(url);
  expect(response?.status(), `${screen.name}'s answer`).toBe(screen.status ?? 200);
  if (screen.landsOn) await expect(page).toHaveURL(screen.landsOn);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  // Hydrated and settled: a mismatch shows when the client first renders, and the lists fetch right after.
  // (The big screen keeps its event stream open, so it never goes quiet: its first render is waited for.)
  await page.waitForLoadState("load");
  if (!screen.displayToken) {
    const pending = await settle(inFlight, 20_000);
    // Still loading: the errors so far are checked, and the run's output says what was not waited for.
    if (pending.length > 0) console.log(`${screen.name} in ${locale}: still loading after 20 s: ${pending.join(", ")}`);
  }
  expect(errors, `${screen.name} (${screen.file}) in ${locale}`).toEqual([]);
}

const lists = [
  { signedIn: true, screens: SCREENS.filter((screen) => screen.signedIn && !screen.openedThrough) },
  { signedIn: false, screens: SCREENS.filter((screen) => !screen.signedIn && !screen.openedThrough) },
];

for (const { signedIn, screens } of lists) {
  // Console errors do not depend on the size: the admin's screens at the desktop's, the rest at the phone's.
  test.describe(`opening a screen cold${signedIn ? ", signed in" : ""}`, { tag: signedIn ? "@desktop-only" : "@phone-only" }, () => {
    test.use({ signedIn });
    for (const screen of screens) {
      for (const locale of ["en", "ko"] as const) {
        test(`${screen.name} (${screen.path}) in ${locale}: no console error, no React warning`, async ({ page }, testInfo) => {
          await openCold(page, screen, locale, testInfo.project.name);
        });
      }
    }
  });
}

test.afterAll(() => {
  made = undefined;
});
