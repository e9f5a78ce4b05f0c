import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SCREENS } from "../e2e/support/screens";

const APP = path.join(process.cwd(), "app/[locale]");

function pageFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return pageFiles(full);
    return entry.name === "page.tsx" ? [path.relative(APP, full).split(path.sep).join("/")] : [];
  });
}

describe("the cold-open test's screens (tests/e2e/support/screens.ts)", () => {
  it("name every page under app/[locale]/, and no page that is gone", () => {
    const onDisk = pageFiles(APP).sort();
    expect(onDisk.length).toBeGreaterThan(10);
    expect([...new Set(SCREENS.map((screen) => screen.file))].sort()).toEqual(onDisk);
  });

  it("open each page through an address the test visits", () => {
    const files = new Set(SCREENS.map((screen) => screen.file));
    for (const screen of SCREENS) {
      expect(screen.path.startsWith("/"), screen.file).toBe(true);
      if (screen.openedThrough) expect(files.has(screen.openedThrough), screen.file).toBe(true);
    }
  });
});
