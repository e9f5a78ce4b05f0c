import { E2E_ADMIN } from "../../playwright.config";
import { AdminPages } from "./pages/admin";
import { AccountsAndAuditPages } from "./pages/audit";
import { DeskPage } from "./pages/desk";
import { WinnersPage } from "./pages/winners";
import { expectAnnounced } from "./support/announcements";
import { GiveawayAdmin, type PageAllocator, signInWithPrize, winAsVisitor } from "./support/giveaway-admin";
import { expect, test } from "./support/signed-in";

let owner: GiveawayAdmin;
let pages: PageAllocator;

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook asks for from this pattern.
test.beforeAll(async ({}, testInfo) => {
  ({ admin: owner, pages } = await signInWithPrize(testInfo, "Roles"));
});
test.afterAll(async () => owner?.dispose());

/** A visitor of this run wins; returns the nickname and password they show at the desk. */
async function aWinner(baseURL: string, label: string) {
  const nickname = `${label}${String(Date.now()).slice(-5)}`;
  const password = String(1000 + (Date.now() % 9000));
  await winAsVisitor(baseURL, await pages.withPrize(), nickname, password);
  return { nickname, password };
}

test.describe("a team with roles", () => {
  test.describe.configure({ timeout: 120_000 });

  test(
    "a desk account sees only the desk screen, hands a prize over and never sees a code",
    { tag: "@phone-only" },
    async ({ page }, testInfo) => {
      const desk = await owner.createAccount(`desk-${testInfo.project.name}`, "desk");
      const { nickname, password } = await aWinner(String(testInfo.project.use.baseURL), "D");
      const admin = new AdminPages(page);
      await admin.openLogin();
      await admin.signIn(desk);
      // The dashboard is not the desk's: sign-in lands on the prize desk.
      await expect(page).toHaveURL(/\/admin\/desk$/, { timeout: 30_000 });

      await admin.openNavigation();
      const navigation = page.getByRole("navigation", { name: "Admin" }).last();
      await expect(navigation.getByRole("link")).toHaveText(["Prize desk", "Events"]);
      await page.keyboard.press("Escape");

      const deskScreen = new DeskPage(page);
      await deskScreen.lookUp(password);
      await deskScreen.winner(nickname).getByRole("button", { name: "Hand over" }).click();
      await expect(deskScreen.winner(nickname)).toContainText("Handed over");
      await deskScreen.screenshot("roles-desk-handed-over");

      // The winners screen, a list of everyone with their codes, is not the desk's.
      await page.goto("/admin/winners");
      await expect(page.getByRole("heading", { level: 1, name: "Not allowed for your role" })).toBeVisible();
      await expect(page.getByText(password, { exact: true })).toHaveCount(0);

      // A screen typed by hand: a clear refusal, never a half-working page.
      await page.goto("/admin/products");
      await expect(page.getByRole("heading", { level: 1, name: "Not allowed for your role" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Product management" })).toHaveCount(0);
      await deskScreen.screenshot("roles-not-allowed");
    },
  );

  test("an owner creates an account and reads the audit trail of a hand-over", { tag: "@desktop-only" }, async ({ page }, testInfo) => {
    const baseURL = String(testInfo.project.use.baseURL);
    const deskAccount = await owner.createAccount(`handover-${testInfo.project.name}`, "desk");
    const { nickname, password } = await aWinner(baseURL, "A");
    const desk = await GiveawayAdmin.signIn(baseURL, deskAccount);
    await desk.handOver(nickname, password);
    await desk.dispose();

    const admin = new AdminPages(page);
    await admin.openLogin();
    await admin.signIn(E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });

    const screens = new AccountsAndAuditPages(page);
    await screens.openAccounts();
    const viewerName = `viewer-${testInfo.project.name}-${Date.now().toString(36)}`;
    await screens.createAccount(viewerName, "viewer", "viewer-password-1");
    await expectAnnounced(page, `Account ${viewerName} created (viewer).`);
    await expect(screens.accountRow(viewerName).getByRole("combobox", { name: `Role of ${viewerName}` })).toHaveValue("viewer");
    await screens.screenshot("roles-accounts");

    // A new password: too short is refused on the field in the server's words, then it is set.
    await screens
      .accountRow(viewerName)
      .getByRole("button", { name: `Reset password ${viewerName}` })
      .click();
    const reset = page.getByRole("dialog", { name: `Reset the password of ${viewerName}` });
    const newPassword = reset.getByLabel("New password");
    await newPassword.fill("short");
    await reset.getByRole("button", { name: "Set password" }).click();
    await expect(newPassword).toHaveAttribute("aria-invalid", "true");
    await expect(newPassword).toHaveAccessibleDescription("8 characters or more. The password must be at least 8 characters.");
    await newPassword.fill("viewer-password-2");
    await reset.getByRole("button", { name: "Set password" }).click();
    await expectAnnounced(page, `New password set for ${viewerName}; they are signed out everywhere.`);
    await expect(reset).toBeHidden();

    const winners = new WinnersPage(page);
    await winners.open(`?search=${nickname}`);
    await winners
      .row(nickname)
      .getByRole("link", { name: `History of ${nickname}` })
      .click();
    await expect(page).toHaveURL(/\/admin\/audit\?target=winner(:|%3A)\d+/);
    const rows = screens.auditRows().filter({ hasText: "winner.mark_received" });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(deskAccount.name);
    await expect(rows).toContainText("is_received: false → true");
    await screens.screenshot("roles-audit-history");
  });
});
