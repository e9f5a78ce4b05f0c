import { test as base } from "@playwright/test";
import { recordAnnouncements } from "./announcements";
import { GiveawayAdmin } from "./giveaway-admin";

type SessionState = Awaited<ReturnType<GiveawayAdmin["sessionState"]>>;

/**
 * `test` for specs whose screens are behind the sign-in but whose subject is not the sign-in form:
 * `test.use({ signedIn: true })` and each test's browser starts signed in as the organiser, on a session
 * made once per worker through the API (a password check and a form less per test). Tests about the form
 * itself, and any that signs out (which ends the session for every test sharing it), sign in through the
 * form with their own session instead. Every test's `page` records the messages its live regions show
 * (announcements.ts), so a test can check a success message that has already hidden itself.
 */
export const test = base.extend<{ signedIn: boolean }, { organiserSession: SessionState }>({
  signedIn: [false, { option: true }],
  organiserSession: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture asks for from this pattern.
    async ({}, use, workerInfo) => {
      const admin = await GiveawayAdmin.signIn(String(workerInfo.project.use.baseURL));
      const session = await admin.sessionState();
      await admin.dispose();
      await use(session);
    },
    { scope: "worker" },
  ],
  page: async ({ page }, use) => {
    await recordAnnouncements(page);
    await use(page);
  },
  storageState: async ({ signedIn, organiserSession, storageState }, use) => {
    await use(signedIn ? organiserSession : storageState);
  },
});

export { expect } from "@playwright/test";
