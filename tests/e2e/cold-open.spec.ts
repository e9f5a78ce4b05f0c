import type { ConsoleMessage, Page } from "@playwright/test";
import { expect, test } from "./support/signed-in";

// Signed in from the start: the subject is the placements screen's first render, not the sign-in form.
test.use({ signedIn: true });

/** Every console error and uncaught exception of the page, from before it opens. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

test.describe("opening an admin screen cold", () => {
  // Issue 31: /admin/distributions opened cold threw React's hydration error #418, at both widths.
  for (const [size, viewport] of [
    ["390 px", { width: 390, height: 844 }],
    ["1440 px", { width: 1440, height: 900 }],
  ] as const) {
    for (const locale of ["en", "ko"] as const) {
      test(`/admin/distributions at ${size} in ${locale}: no console error, no hydration mismatch`, async ({ page, context }) => {
        await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: String(test.info().project.use.baseURL) }]);
        await page.setViewportSize(viewport);
        const errors = collectErrors(page);
        await page.goto("/admin/distributions");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // Hydrated and settled: the list's counts come from the client's first fetch.
        await expect(page.getByText(/^(\d+ active|활성 \d+)/)).toBeVisible();
        await page.waitForLoadState("networkidle");
        expect(errors).toEqual([]);
      });
    }
  }
});
