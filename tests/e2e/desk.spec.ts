import { DeskPage } from "./pages/desk";
import { GiveawayAdmin, winAsVisitor } from "./support/giveaway-admin";
import { expect, test } from "./support/signed-in";

// Signed in from the start: these tests are about the screens behind the sign-in, not the form.
test.use({ signedIn: true });

test.describe("prize desk", () => {
  test("a winner's password finds them; the prize is handed over once, and a second time says when", async ({ page }, testInfo) => {
    // Two sign-ins, several screens and screenshots at two widths: more than 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    const baseURL = String(testInfo.project.use.baseURL);
    const admin = await GiveawayAdmin.signIn(baseURL);
    await admin.stopMaintenanceMode();
    const prizeName = `Desk prize ${testInfo.project.name} ${Date.now()}`;
    const prizeId = await admin.createPrize(prizeName);
    // A password of this run's own, shared by two winners: the desk asks for the nickname too.
    const password = String(1000 + (Date.now() % 9000));
    for (const nickname of ["Deskone", "Desktwo"]) {
      const stand = await admin.createPage(`Desk stand ${nickname} ${Date.now()}`);
      await admin.place(prizeId, stand);
      await winAsVisitor(baseURL, stand.urlPath, nickname, password);
    }
    await admin.dispose();

    const desk = new DeskPage(page);
    await desk.open();
    await desk.lookUp(password);
    await expect(desk.winner("Deskone")).toContainText(prizeName);
    await expect(desk.winner("Desktwo")).toBeVisible();
    await page.getByLabel(/Nickname/).fill("desktwo");
    await expect(desk.winner("Deskone")).toBeHidden();
    await desk.screenshot("desk-match");

    await desk.winner("Desktwo").getByRole("button", { name: "Hand over" }).click();
    await expect(desk.winner("Desktwo").getByRole("status")).toHaveText("Handed over. Enjoy!");
    await desk.screenshot("desk-handed-over");

    // The same code shown again (or at another desk): refused, with the time, in red.
    await page.reload();
    await desk.lookUp(password);
    await expect(desk.winner("Desktwo")).toContainText(/Already handed over to Desktwo at \d{2}:\d{2}\./);
    await expect(desk.winner("Desktwo").getByRole("button", { name: "Hand over" })).toHaveCount(0);
    await expect(desk.winner("Deskone").getByRole("button", { name: "Hand over" })).toBeVisible();
    await desk.screenshot("desk-already");
  });
});
