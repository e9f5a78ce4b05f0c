import { describe, expect, it } from "vitest";
import { pageWindow } from "@/components/ui/page-window";

describe("pageWindow", () => {
  it("shows every page when there are few", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows current ±2 with the first and last page and gaps in between", () => {
    expect(pageWindow(10, 20)).toEqual([1, "gap-before", 8, 9, 10, 11, 12, "gap-after", 20]);
  });

  it("has no gap at the start near page 1, and none at the end near the last page", () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, "gap-after", 20]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5, "gap-after", 20]);
    expect(pageWindow(20, 20)).toEqual([1, "gap-before", 18, 19, 20]);
    expect(pageWindow(18, 20)).toEqual([1, "gap-before", 16, 17, 18, 19, 20]);
  });

  it("shows a single left-out page instead of a gap, since … is no shorter", () => {
    expect(pageWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap-after", 20]);
    expect(pageWindow(16, 20)).toEqual([1, "gap-before", 14, 15, 16, 17, 18, 19, 20]);
  });

  it("takes another radius", () => {
    expect(pageWindow(10, 20, 1)).toEqual([1, "gap-before", 9, 10, 11, "gap-after", 20]);
  });

  it("clamps an out-of-range current page and answers nothing for no pages", () => {
    expect(pageWindow(99, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(0, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it("never repeats a page and keeps them in order", () => {
    for (let total = 1; total <= 30; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const pages = pageWindow(current, total).filter((item): item is number => typeof item === "number");
        expect(pages).toEqual([...new Set(pages)].sort((a, b) => a - b));
        expect(pages).toContain(current);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
      }
    }
  });
});
