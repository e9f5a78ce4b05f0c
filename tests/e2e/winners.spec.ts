import * as XLSX from "xlsx";
import { ProductsPage } from "./pages/products";
import { WinnersPage } from "./pages/winners";
import { GiveawayAdmin, signInWithPrize, winAsVisitor } from "./support/giveaway-admin";
import { placeholderRoom, renderedLines } from "./support/layout";
import { expect, test } from "./support/signed-in";
import { holdPageScripts } from "./support/visitors";

// Signed in from the start: these tests are about the screens behind the sign-in, not the form.
test.use({ signedIn: true });

test.describe("winner management", () => {
  test("from a product's winners link to its winners, readable at both widths; hand over, undo, export to Excel, delete", async ({
    page,
  }, testInfo) => {
    // Two sign-ins, several screens and screenshots at two widths: more than 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    const baseURL = String(testInfo.project.use.baseURL);
    const run = `${testInfo.project.name}${Date.now()}`;
    const admin = await GiveawayAdmin.signIn(baseURL);
    await admin.stopMaintenanceMode();
    const prizeId = await admin.createPrize(`Winners prize ${run}`);
    const standName = `Winners stand ${run}`;
    const stand = await admin.createPage(standName);
    await admin.place(prizeId, stand);
    // Ten characters, the longest a nickname may be, as "Newcomer" was when it broke mid-word.
    const nickname = `Newcomer${testInfo.project.name === "phone" ? "P" : "D"}${String(Date.now()).slice(-1)}`;
    await winAsVisitor(baseURL, stand.urlPath, nickname, "4321");
    await admin.dispose();

    // The products screen's winners count opens this screen filtered by that product, in the URL.
    const products = new ProductsPage(page);
    await products.open();
    await products.search(standName);
    await products
      .row(standName)
      .getByRole("link", { name: new RegExp(`winners? of ${standName}`) })
      .click();
    await expect(page).toHaveURL(/\/admin\/winners\?product=\d+/);
    const winners = new WinnersPage(page);
    await expect(winners.rows).toHaveCount(1);
    await expect(winners.row(nickname)).toContainText("4321");
    await expect(winners.footer).toHaveText("Page 1 / 1 · 1 winner");
    // Read at a glance: the nickname and "Not received" on one line each, the search's placeholder whole,
    // and the row's buttons in words on a phone too.
    // At 390 px, the narrow phones the screens are reviewed at (the phone project is 412 px wide).
    if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
    await expect(winners.nickname(nickname)).toBeVisible();
    expect(await renderedLines(winners.nickname(nickname))).toBe(1);
    expect(await renderedLines(winners.row(nickname).getByText("Not received").filter({ visible: true }))).toBe(1);
    const placeholder = await placeholderRoom(page.getByLabel("Search", { exact: true }));
    expect(placeholder.text, `placeholder ${placeholder.text} px in ${placeholder.room} px`).toBeLessThanOrEqual(placeholder.room);
    for (const action of ["Mark received", "Delete"]) {
      await expect(
        winners
          .row(nickname)
          .getByRole("button", { name: `${action} ${nickname}` })
          .getByText(action, { exact: true }),
      ).toBeVisible();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    // The table fits its box: no button cut off at its edge.
    const tableBox = await winners.rows.first().evaluate((row) => {
      const box = row.closest("table")!.parentElement!;
      return { content: box.scrollWidth, box: box.clientWidth };
    });
    expect(tableBox.content, `table ${tableBox.content} px in a ${tableBox.box} px box`).toBeLessThanOrEqual(tableBox.box);
    await winners.screenshot("winners");

    // A reload keeps the view.
    await page.reload();
    await expect(winners.rows).toHaveCount(1);

    await winners
      .row(nickname)
      .getByRole("button", { name: `Mark received ${nickname}` })
      .click();
    await expect(winners.row(nickname)).toContainText("Received");
    await winners.page.getByLabel("Received", { exact: true }).selectOption("received:false");
    await expect(page.getByText("No winners match")).toBeVisible();
    await winners.page.getByLabel("Received", { exact: true }).selectOption("received:true");
    await expect(winners.rows).toHaveCount(1);
    await winners.page.getByLabel("Received", { exact: true }).selectOption("");
    await winners
      .row(nickname)
      .getByRole("button", { name: `Cancel received ${nickname}` })
      .click();
    await expect(winners.row(nickname)).toContainText("Not received");

    // The Excel file holds the filter's winners.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Excel" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^winners-\d{8}\.xlsx$/);
    const book = XLSX.read(await readAll(await file.createReadStream()), { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows.slice(1).map((row) => [row[0], row[1], row[3]])).toEqual([[nickname, "4321", standName]]);

    // The search box filters after a pause in typing; delete asks first and shows the winner.
    await winners.search(nickname);
    await expect(page).toHaveURL(new RegExp(`search=${nickname}`));
    await winners
      .row(nickname)
      .getByRole("button", { name: `Delete ${nickname}` })
      .click();
    const confirm = page.getByRole("dialog", { name: "Delete this winner?" });
    await expect(confirm).toContainText(nickname);
    await expect(confirm).toContainText("4321");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("No winners match")).toBeVisible();
    await winners.screenshot("winners-empty");
  });

  test(
    "a search typed before the screen's scripts have run is applied once they have",
    { tag: "@desktop-only" },
    async ({ page }, testInfo) => {
      const baseURL = String(testInfo.project.use.baseURL);
      const { admin, pages } = await signInWithPrize(testInfo, "Early search");
      const nickname = `Early${testInfo.project.name === "phone" ? "P" : "D"}${String(Date.now()).slice(-4)}`;
      await winAsVisitor(baseURL, await pages.withPrize(), nickname, "5318");
      await admin.dispose();
      const releaseScripts = await holdPageScripts(page);
      await page.goto("/admin/winners", { waitUntil: "commit" });
      const winners = new WinnersPage(page);
      await winners.search(nickname);
      await releaseScripts();
      // Applied after the pause in typing, as if typed once the screen was ready: the address and the rows say so.
      await expect(page).toHaveURL(new RegExp(`search=${nickname}`));
      await expect(winners.rows).toHaveCount(1);
      await expect(winners.nickname(nickname)).toBeVisible();
    },
  );
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
