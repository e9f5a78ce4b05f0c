import type { Page } from "@playwright/test";
import * as XLSX from "xlsx";
import { picturesZip, workbook } from "../support/import-files";
import { ImportPage } from "./pages/import";
import { expectNoNewViolations } from "./support/axe";
import { reviewScreenshot } from "./support/screenshot";
import { expect, test } from "./support/signed-in";

test.use({ signedIn: true });

/** The page never scrolls sideways: a wide table scrolls inside its own box. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "page wider than the window").toBeLessThanOrEqual(innerWidth);
}

/** The template's rows with the example rows replaced by `products` and `prizes` (prizes switched off: no placements). */
function filledTemplate(template: Buffer, products: (string | number)[][], prizes: (string | number | boolean)[][]): Buffer {
  const book = XLSX.read(template, { type: "buffer" });
  const [productSheet, prizeSheet] = book.SheetNames;
  const header = (name: string) => XLSX.utils.sheet_to_json<string[]>(book.Sheets[name]!, { header: 1 })[0]!;
  const byColumn = (name: string, rows: (string | number | boolean)[][], columns: number[]) =>
    rows.map((row) => header(name).map((_, index) => (columns.includes(index) ? row[columns.indexOf(index)]! : "")));
  // Product pages: key, name, name_en, name_ko (columns 0-3), image (7); prizes: key, name (0, 1), numbers (7-9), active (11).
  return workbook({
    [productSheet!]: [header(productSheet!), ...byColumn(productSheet!, products, [0, 1, 2, 3, 7])],
    [prizeSheet!]: [header(prizeSheet!), ...byColumn(prizeSheet!, prizes, [0, 1, 7, 8, 9, 11])],
  });
}

test.describe("in Korean", () => {
  // A browser that asks for Korean (Accept-Language ko-KR).
  test.use({ locale: "ko-KR" });

  test("from the template to the QR cards at 1440 px, with the keyboard @desktop-only", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const screen = new ImportPage(page, "ko");
    await screen.open();
    const template = await screen.downloadTemplate();
    expect(XLSX.read(template, { type: "buffer" }).SheetNames).toEqual(["제품 페이지", "경품"]);

    const stands = [1, 2, 3].map((n) => [`${stamp}-${n}`, `부스 ${n} ${stamp}`, `Stand ${n}`, `부스 ${n}`, `${stamp}-${n}.png`]);
    const pictures = await picturesZip(stands.map((row) => String(row[4])));
    const prize = [`${stamp}-gift`, `머그컵 ${stamp}`, 10, 20, 1, false];
    await screen.preview({ name: "부스.xlsx", buffer: filledTemplate(template, [...stands, stands[0]!], [prize]) }, pictures);
    // A key used twice and a daily limit above the stock: marked on their cells, and nothing may be imported.
    const keyCell = screen.previewTable("product_pages").locator("td[data-invalid]").filter({ hasText: "이미 2행에서 쓰였습니다" });
    await expect(keyCell).toBeVisible();
    await expect(screen.previewTable("prizes").locator("td[data-invalid]")).toContainText("하루 당첨 한도");
    await expect(screen.applyButton()).toBeDisabled();
    await reviewScreenshot(page, "import-errors-ko");

    const fixedPrize = [`${stamp}-gift`, `머그컵 ${stamp}`, 10, 5, 1, false];
    await screen.preview({ name: "부스.xlsx", buffer: filledTemplate(template, stands, [fixedPrize]) }, pictures);
    await expect(screen.rowsWithStatus("product_pages", "new")).toHaveCount(3);
    await expect(screen.rowsWithStatus("prizes", "new")).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await expectNoNewViolations(page, "import preview", testInfo, []);
    await reviewScreenshot(page, "import-preview-ko");

    await screen.applyButton().press("Enter");
    const cards = page.getByRole("link", { name: "파일에 있는 제품 페이지 3개의 QR 카드 인쇄" });
    await expect(cards).toBeVisible({ timeout: 30_000 });
    await expectNoNewViolations(page, "import done", testInfo, []);
    await reviewScreenshot(page, "import-done-ko");
    await cards.press("Enter");
    await expect(page).toHaveURL(/\/admin\/products\/print\?ids=/);
    await expect(page.getByText("제품 페이지 3개")).toBeVisible();
    for (const [, name] of stands) await expect(page.getByText(String(name))).toBeVisible();
  });
});

test("the preview table at 390 px: its own box scrolls, the page does not @phone-only", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const screen = new ImportPage(page, "en");
  await screen.open();
  const rows = [
    ["key", "name", "name_en", "name_ko", "description", "image"],
    [`${stamp}-a`, "A stand with a rather long name that wraps", "Stand A", "부스 A", "Hall A, next to the entrance, left side", ""],
    [`${stamp}-b`, "", "Stand B", "부스 B", "", ""],
  ];
  await screen.preview({ name: "stands.csv", buffer: Buffer.from(rows.map((row) => row.join(",")).join("\n")) });
  await expect(screen.rowsWithStatus("product_pages", "new")).toHaveCount(1);
  await expect(screen.rowsWithStatus("product_pages", "error")).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  // The table is wider than the phone: its box says so and takes the keyboard's arrows.
  const region = page.getByRole("region", { name: /Product pages in the file/ });
  await expect(region).toBeVisible();
  const box = await region.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expect(screen.applyButton()).toBeInViewport();
  await expectNoNewViolations(page, "import preview (phone)", testInfo, []);
  await reviewScreenshot(page, "import-preview-en");
});
