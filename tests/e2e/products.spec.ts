import { readFile } from "node:fs/promises";
import JSZip from "jszip";
import { E2E_ADMIN } from "../../playwright.config";
import { ProductsPage, pngFile } from "./pages/products";
import { wasAnnounced } from "./support/announcements";
import { GiveawayAdmin, winAsVisitor } from "./support/giveaway-admin";
import { expect, test } from "./support/signed-in";

// Both projects (desktop, phone) run against one database: every name carries the project and a stamp.
function uniqueName(label: string, projectName: string): string {
  return `${label} ${projectName} ${Date.now().toString(36)}`;
}

test.describe("product management", () => {
  let products: ProductsPage;

  test.beforeEach(async ({ page }) => {
    products = new ProductsPage(page);
    await products.signIn(E2E_ADMIN);
  });

  test(
    "adds a product with an image, finds it by search and downloads its QR code",
    { tag: "@desktop-only" },
    async ({ page }, testInfo) => {
      const name = uniqueName("Aurora Headphones", testInfo.project.name);
      await products.open();
      await expect(page.getByText(/QR codes follow the address you are using now/)).toBeVisible();

      await products.openAddForm();
      await products.addPanel.locator('input[type="file"]').setInputFiles(await pngFile("aurora.png", "#4f46e5"));
      await expect(products.addPanel.getByRole("img", { name: "Selected image preview" })).toBeVisible();
      await products.addPanel.getByRole("button", { name: "Save" }).click();
      await expect(products.addPanel.getByText("Please enter a product name.")).toBeVisible();
      await products.addPanel.getByRole("textbox", { name: "Name", exact: true }).fill(name);
      await products.addPanel
        .getByRole("textbox", { name: "Description", exact: true })
        .fill("Noise-cancelling headphones with a forty-hour battery and a soft case.");
      await products.screenshot("products-add-form");
      await products.addPanel.getByRole("button", { name: "Save" }).click();
      const banner = await products.expectSuccess(`Product “${name}” was created.`);
      // The form is ready for the next product.
      await expect(products.addPanel.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
      await expect(banner).toBeHidden({ timeout: 5000 });

      await expect(page.getByRole("button", { name: "Search", exact: true })).toBeDisabled();
      await products.search(name);
      await expect(products.summary).toHaveText(`1 product matching “${name}”`);
      const row = products.row(name);
      await expect(row.locator("img")).toHaveJSProperty("complete", true);
      await expect(row.getByText("Noise-cancelling headphones with a forty-hour batt…")).toBeVisible();
      await products.screenshot("products-list");

      const created = (await products.findViaApi(name))!;
      expect(created.image).toMatch(/^\/api\/images\//);
      await row.getByRole("button", { name: `QR code of ${name}` }).click();
      await expect(products.dialog.getByText(`/p/${created.url_path}`, { exact: true })).toBeVisible();
      await expect(products.dialog.getByRole("link", { name: new RegExp(`/p/${created.url_path}$`) })).toBeVisible();
      const qrImage = products.dialog.getByRole("img", { name: /QR code opening/ });
      await expect.poll(() => qrImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThanOrEqual(600);
      await products.screenshot("products-qr-modal", { fullPage: false });
      const downloadEvent = page.waitForEvent("download");
      await products.dialog.getByRole("link", { name: "Download QR code" }).click();
      const download = await downloadEvent;
      expect(download.suggestedFilename()).toBe(`${created.url_path}.png`);
      const png = await readFile(await download.path());
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      await page.keyboard.press("Escape");
      await expect(products.dialog).toBeHidden();
    },
  );

  test("edits a product: replaces, removes and restores the image", { tag: "@desktop-only" }, async ({ page }, testInfo) => {
    const name = uniqueName("Breeze Fan", testInfo.project.name);
    await products.open();
    await products.openAddForm();
    await products.addPanel.locator('input[type="file"]').setInputFiles(await pngFile("fan.png", "#0891b2"));
    await products.addPanel.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await products.addPanel.getByRole("button", { name: "Save" }).click();
    await products.expectSuccess(`Product “${name}” was created.`);
    const original = (await products.findViaApi(name))!;

    await products.search(name);
    await products
      .row(name)
      .getByRole("button", { name: `Edit ${name}` })
      .click();
    const dialog = products.dialog;
    await expect(dialog.getByRole("heading", { name: "Edit product" })).toBeVisible();
    await expect(dialog.getByText("The current image is kept if unchanged.")).toBeVisible();
    await expect(dialog.getByText(`/p/${original.url_path}`, { exact: true })).toBeVisible();

    await dialog.getByRole("button", { name: "Remove image" }).click();
    await expect(dialog.getByText("The current image will be deleted when you save.")).toBeVisible();
    await dialog.getByRole("button", { name: "Restore original image" }).click();
    await expect(dialog.getByText("The current image is kept if unchanged.")).toBeVisible();
    await dialog.locator('input[type="file"]').setInputFiles(await pngFile("fan-2.png", "#db2777"));
    await expect(dialog.getByText("The image will be changed to the new image when you save.")).toBeVisible();
    await products.screenshot("products-edit-modal", { fullPage: false });
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(`${name} v2`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await products.expectSuccess(`Product “${name} v2” was updated.`);
    await expect(dialog).toBeHidden();
    const replaced = (await products.findViaApi(`${name} v2`))!;
    expect(replaced.image).toMatch(/^\/api\/images\//);
    expect(replaced.image).not.toBe(original.image);
    expect(replaced.url_path).toBe(original.url_path);

    await products.search(`${name} v2`);
    await products
      .row(`${name} v2`)
      .getByRole("button", { name: `Edit ${name} v2` })
      .click();
    await dialog.getByRole("button", { name: "Remove image" }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await products.expectSuccess(`Product “${name} v2” was updated.`);
    expect((await products.findViaApi(`${name} v2`))!.image).toBeNull();

    // Reset brings back what the form opened with; Cancel closes without saving.
    await products
      .row(`${name} v2`)
      .getByRole("button", { name: `Edit ${name} v2` })
      .click();
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("Something else");
    await dialog.getByRole("button", { name: "Reset" }).click();
    await expect(dialog.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(`${name} v2`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Something else")).toHaveCount(0);
  });

  test("deletes one product only after its exact name is typed", { tag: "@desktop-only" }, async ({ page }, testInfo) => {
    const name = uniqueName("Cocoa Maker", testInfo.project.name);
    await products.createViaApi(name, "Bean to cup");
    await products.open();
    await products.search(name);
    await products
      .row(name)
      .getByRole("button", { name: `Delete ${name}` })
      .click();
    const dialog = products.dialog;
    await dialog.getByRole("textbox").fill(name.toLowerCase());
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(dialog.getByText("The name does not match.")).toBeVisible();
    await products.screenshot("products-delete-modal", { fullPage: false });
    await dialog.getByRole("textbox").fill(name);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await products.expectSuccess(`Deleted “${name}”.`);
    await expect(dialog).toBeHidden();
    await expect(page.getByText("No search results")).toBeVisible();
    await products.screenshot("products-no-results");
    expect(await products.findViaApi(name)).toBeUndefined();
  });

  test("a search with no match says so, not that the catalogue is empty", { tag: "@desktop-only" }, async ({ page }, testInfo) => {
    await products.createViaApi(uniqueName("Present", testInfo.project.name));
    await products.open();
    await products.search(`nothing-matches-${Date.now()}`);
    await expect(page.getByText("No search results")).toBeVisible();
    await expect(page.getByText("Add a product first: there is nothing to download or delete yet.")).toBeHidden();
    // The bulk actions act on every product, whatever the search shows: there are some.
    await expect(page.getByRole("button", { name: "Download all QR codes" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Delete all" })).toBeEnabled();
    const everyProduct = (await (await page.request.get("/api/products/?page_size=1")).json()) as { count: number };
    await page.getByRole("button", { name: "Delete all" }).click();
    await expect(products.dialog).toContainText(`All ${everyProduct.count} product pages are deleted, whatever the search shows`);
    await page.keyboard.press("Escape");
    await expect(products.dialog).toBeHidden();
  });

  test("the bulk actions: destructive ones look destructive, and every label fits its button on a phone", async ({ page }, testInfo) => {
    await products.createViaApi(uniqueName("Toolbar", testInfo.project.name));
    await page.setViewportSize({ width: 390, height: 844 });
    await products.open();
    const style = (name: string) =>
      page.getByRole("button", { name }).evaluate((button) => {
        const { backgroundColor, borderColor, color } = getComputedStyle(button);
        return { backgroundColor, borderColor, color };
      });
    const print = await page
      .getByRole("link", { name: "Print QR codes" })
      .evaluate((link) => ({ backgroundColor: getComputedStyle(link).backgroundColor, color: getComputedStyle(link).color }));
    const deleteAll = await style("Delete all");
    const deleteSelected = await style("Delete selected (0)");
    console.log("Print QR codes", print, "Delete all", deleteAll, "Delete selected (0)", deleteSelected);
    expect(deleteAll.backgroundColor).not.toBe(print.backgroundColor);
    expect(deleteAll.color).not.toBe(print.color);
    // One danger style for both (the disabled one is only faded).
    expect(deleteSelected.backgroundColor).toBe(deleteAll.backgroundColor);
    expect(deleteSelected.borderColor).toBe(deleteAll.borderColor);

    const controls = [
      page.getByRole("button", { name: "Download all QR codes" }),
      page.getByRole("link", { name: "Print QR codes" }),
      page.getByRole("button", { name: "Delete selected (0)" }),
      page.getByRole("button", { name: "Delete all" }),
    ];
    for (const control of controls) {
      const fit = await control.evaluate((element) => ({
        label: element.textContent,
        overflow: element.scrollWidth - element.clientWidth,
        width: element.clientWidth,
      }));
      console.log("toolbar control at 390 px", fit);
      expect(fit.overflow, `${fit.label} overflows its button`).toBeLessThanOrEqual(0);
    }
    await products.screenshot("products-toolbar");
  });

  test("a product with winners asks 'delete anyway?' in a sheet of its own", { tag: "@desktop-only" }, async ({ page }, testInfo) => {
    const baseURL = String(testInfo.project.use.baseURL);
    const admin = await GiveawayAdmin.signIn(baseURL);
    await admin.stopMaintenanceMode();
    const name = uniqueName("Won stand", testInfo.project.name);
    const stand = await admin.createPage(name);
    await admin.place(
      await admin.createPrizeWith(uniqueName("Won prize", testInfo.project.name), { total: 3, daily: 3, maintenance: 1 }),
      stand,
    );
    await winAsVisitor(baseURL, stand.urlPath, `W${String(Date.now()).slice(-6)}`, "1357");
    await admin.dispose();

    await products.open();
    await products.search(name);
    await products
      .row(name)
      .getByRole("button", { name: `Delete ${name}` })
      .click();
    await products.dialog.getByRole("textbox").fill(name);
    await products.dialog.getByRole("button", { name: "Delete" }).click();
    const question = page.getByRole("dialog", { name: "Winners are linked" });
    await expect(question).toBeVisible();
    await expect(question).toContainText("1 winner record is linked to what you are deleting.");
    // One sheet at a time: the typed confirmation has closed under the question.
    await expect(page.getByRole("dialog")).toHaveCount(1);
    await products.screenshot("products-winners-linked", { fullPage: false });
    await question.getByRole("button", { name: "Delete anyway" }).click();
    await products.expectSuccess(`Deleted “${name}”.`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await products.findViaApi(name)).toBeUndefined();
  });

  test("deletes the selected products with the typed phrase", { tag: "@desktop-only" }, async ({ page }, testInfo) => {
    const stamp = uniqueName("Selected", testInfo.project.name);
    for (const label of ["A", "B", "C"]) await products.createViaApi(`${stamp} ${label}`);
    await products.open();
    await products.search(stamp);
    await expect(products.summary).toHaveText(`3 products matching “${stamp}”`);
    // Nothing selected: disabled, not merely faded (a faded enabled button failed axe's contrast at 4.13:1).
    await expect(page.getByRole("button", { name: "Delete selected (0)" })).toBeDisabled();

    await page.getByRole("checkbox", { name: "Select all products on this page" }).check();
    await expect(page.getByRole("button", { name: "Delete selected (3)" })).toBeVisible();
    await page.getByRole("checkbox", { name: `Select ${stamp} B` }).uncheck();
    await expect(page.getByRole("checkbox", { name: "Select all products on this page" })).toHaveJSProperty("indeterminate", true);
    await page.getByRole("button", { name: "Delete selected (2)" }).click();
    const dialog = products.dialog;
    await expect(dialog.getByRole("heading", { name: "Delete 2 selected products" })).toBeVisible();
    await dialog.getByRole("textbox").fill("delete");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(dialog.getByText("The confirmation text does not match.")).toBeVisible();
    await dialog.getByRole("textbox").fill("delete selected");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await products.expectSuccess("Deleted 2 products.");
    await expect(products.summary).toHaveText(`1 product matching “${stamp}”`);
    await expect(products.row(`${stamp} B`)).toBeVisible();
  });

  test("downloads every QR code as one zip named with the date", { tag: "@desktop-only" }, async ({ page }, testInfo) => {
    const first = await products.createViaApi(uniqueName("Zip One", testInfo.project.name));
    const second = await products.createViaApi(uniqueName("Zip Two", testInfo.project.name));
    await products.open();
    const downloadEvent = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download all QR codes" }).click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toMatch(/^QR codes collection \d{8}\.zip$/);
    const zip = await JSZip.loadAsync(await readFile(await download.path()));
    const names = Object.keys(zip.files);
    expect(names).toContain(`${first.name}_${first.url_path}.png`);
    expect(names).toContain(`${second.name}_${second.url_path}.png`);
    const png = await zip.file(`${first.name}_${first.url_path}.png`)!.async("nodebuffer");
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    await products.expectSuccess(/^Downloaded \d+ QR codes\.$/);
  });

  test("pages through a search with the pager and the rows-per-page select", { tag: "@desktop-only" }, async ({ page }, testInfo) => {
    const stamp = uniqueName("Paged", testInfo.project.name);
    for (let index = 1; index <= 12; index += 1) await products.createViaApi(`${stamp} ${String(index).padStart(2, "0")}`);
    await products.open();
    await products.search(stamp);
    const pager = page.getByRole("navigation", { name: "Product pages" });
    await expect(pager.getByRole("button", { name: "Page 2" })).toBeVisible();
    await page.getByLabel("Rows per page").selectOption("5");
    await expect(pager.getByRole("button", { name: "Page 3" })).toBeVisible();
    await expect(pager.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(pager.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await pager.getByRole("button", { name: "Last page" }).click();
    await expect(pager.getByRole("button", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("row")).toHaveCount(3);
    await products.screenshot("products-pager");
    await page.getByLabel("Rows per page").selectOption("20");
    await expect(pager).toBeHidden();
  });

  test("prints every QR code on A4 cards", { tag: "@desktop-only" }, async ({ page }, testInfo) => {
    const name = uniqueName("Printed", testInfo.project.name);
    const product = await products.createViaApi(name);
    await page.goto("/admin/products/print");
    await expect(page.getByRole("heading", { level: 1, name: "Print QR codes" })).toBeVisible();
    const card = page.getByRole("article").filter({ hasText: name });
    await expect(card.getByText(`/p/${product.url_path}`)).toBeVisible();
    await expect(card.getByRole("img", { name: /QR code opening/ })).toBeVisible();
    // Each card says what to do, in both of the event's languages.
    await expect(card.getByTestId("scan-to-win")).toHaveText(/^Scan to win a prize\s*스캔하고 경품 받기$/);
    await products.screenshot("products-print");
    // The tests' server has no PUBLIC_BASE_URL: the codes open this local address, so printing asks first.
    await page.evaluate(() => {
      Object.assign(window, { printed: 0 });
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    const printed = () => page.evaluate(() => (window as unknown as { printed: number }).printed);
    await page.getByRole("button", { name: "Print", exact: true }).click();
    const warning = page.getByRole("dialog", { name: /^Print codes that open http:\/\/127\.0\.0\.1:\d+\?$/ });
    await expect(warning).toContainText("PUBLIC_BASE_URL is not set");
    await products.screenshot("products-print-warning", { fullPage: false });
    await warning.getByRole("button", { name: "Cancel" }).click();
    expect(await printed()).toBe(0);
    await page.getByRole("button", { name: "Print", exact: true }).click();
    await warning.getByRole("button", { name: "Print anyway" }).click();
    await expect.poll(printed).toBe(1);
    // Printed to A4, six cards fit on each sheet and none is split across two.
    const total = Number((await page.getByText(/^\d+ product pages?, 6 cards per A4 sheet/).textContent())!.match(/^\d+/)![0]);
    const pdf = (await page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true })).toString("latin1");
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(Math.ceil(total / 6));
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    // Printed, nothing on this card is cut off by its third of the sheet: the added line still fits. (The
    // printable part of an A4 sheet at 96 px per inch: 190 x 277 mm.)
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 718, height: 1047 });
    const overflowing = await card.evaluate((element) => element.scrollHeight - element.clientHeight);
    expect(overflowing).toBeLessThanOrEqual(1);
    if (viewport) await page.setViewportSize(viewport);
    await products.screenshot("products-print-media");
  });

  test(
    "in Korean the print sheet's cards say what to do in both languages, and printing asks first",
    { tag: "@desktop-only" },
    async ({ page, context }, testInfo) => {
      await context.addCookies([{ name: "NEXT_LOCALE", value: "ko", url: String(testInfo.project.use.baseURL) }]);
      const name = uniqueName("인쇄", testInfo.project.name);
      await products.createViaApi(name);
      await page.goto("/admin/products/print");
      await expect(page.getByRole("heading", { level: 1, name: "QR 코드 인쇄" })).toBeVisible();
      const card = page.getByRole("article").filter({ hasText: name });
      await expect(card.getByTestId("scan-to-win")).toHaveText(/^Scan to win a prize\s*스캔하고 경품 받기$/);
      await products.screenshot("products-print-ko");
      await page.getByRole("button", { name: "인쇄", exact: true }).click();
      const warning = page.getByRole("dialog", { name: /\(으\)로 연결되는 코드를 인쇄할까요\?$/ });
      await expect(warning).toContainText("PUBLIC_BASE_URL이 설정되지 않아");
      await expect(warning.getByRole("button", { name: "그래도 인쇄" })).toBeVisible();
      await products.screenshot("products-print-warning-ko", { fullPage: false });
    },
  );

  // Last: it empties the product table for the tests that follow.
  test("deletes all products after the typed phrase and shows the empty state", { tag: "@desktop-only" }, async ({ page }) => {
    await products.createViaApi("Something to delete");
    await products.open();
    await page.getByRole("button", { name: "Delete all" }).click();
    const dialog = products.dialog;
    await dialog.getByRole("textbox").fill("delete all");
    await dialog.getByRole("button", { name: "Delete" }).click();
    // Pages won on by earlier tests (the public page's, in the other project) bring the winners prompt first.
    const winnersPrompt = page.getByRole("dialog", { name: "Winners are linked" });
    const deleted = /^Deleted \d+ product pages?\.$/;
    await expect.poll(async () => (await winnersPrompt.isVisible()) || (await wasAnnounced(page, deleted))).toBe(true);
    if (await winnersPrompt.isVisible()) await winnersPrompt.getByRole("button", { name: "Delete anyway" }).click();
    await products.expectSuccess(deleted);
    await expect(page.getByText("No products yet")).toBeVisible();
    await expect(products.summary).toHaveText("Total 0 products");
    await products.screenshot("products-empty");
    await expect(page.getByRole("button", { name: "Delete all" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Download all QR codes" })).toBeDisabled();
    await expect(page.getByText("Add a product first: there is nothing to download or delete yet.")).toBeVisible();
  });
});
