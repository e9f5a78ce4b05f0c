import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page } from "@playwright/test";

/** The words of /admin/import the tests use, in each language. */
const WORDS = {
  en: {
    title: "Import from a spreadsheet",
    template: "Download the template (.xlsx)",
    file: "Spreadsheet",
    images: "Pictures",
    preview: "Preview",
    apply: "Import",
  },
  ko: {
    title: "스프레드시트에서 가져오기",
    template: "양식 내려받기(.xlsx)",
    file: "스프레드시트",
    images: "사진",
    preview: "미리 보기",
    apply: "가져오기",
  },
} as const;

/** /admin/import as an organiser uses it, with the keyboard: every button and link is pressed with Enter. */
export class ImportPage {
  readonly words: (typeof WORDS)[keyof typeof WORDS];

  constructor(
    readonly page: Page,
    locale: keyof typeof WORDS,
  ) {
    this.words = WORDS[locale];
  }

  async open() {
    await this.page.goto("/admin/import");
    await expect(this.page.getByRole("heading", { level: 1, name: this.words.title })).toBeVisible();
  }

  /** The template, downloaded through its link. */
  async downloadTemplate(): Promise<Buffer> {
    const download = this.page.waitForEvent("download");
    await this.page.getByRole("link", { name: this.words.template }).press("Enter");
    return readFile(await (await download).path());
  }

  /** Picks the files (a file dialog is the browser's own), then previews with the keyboard. */
  async preview(file: { name: string; buffer: Buffer }, images?: Buffer) {
    await this.page
      .getByLabel(this.words.file)
      .setInputFiles({ name: file.name, mimeType: "application/octet-stream", buffer: file.buffer });
    if (images)
      await this.page.getByLabel(this.words.images).setInputFiles({ name: "pictures.zip", mimeType: "application/zip", buffer: images });
    await this.page.getByRole("button", { name: this.words.preview }).press("Enter");
  }

  applyButton(): Locator {
    return this.page.getByRole("button", { name: this.words.apply, exact: true });
  }

  previewTable(sheet: "product_pages" | "prizes"): Locator {
    return this.page.getByTestId(`import-preview-${sheet}`);
  }

  rowsWithStatus(sheet: "product_pages" | "prizes", status: string): Locator {
    return this.previewTable(sheet).locator(`tbody tr[data-status="${status}"]`);
  }
}
