import { describe, expect, it } from "vitest";
import { contrastRatio, DEFAULT_PRIMARY_COLOR, LOW_CONTRAST, primaryColorProblem } from "@/lib/branding/colour";
import { translate } from "@/lib/i18n/translate";
import { text } from "@/shared/i18n/text";

describe("the primary colour's contrast (WCAG 2)", () => {
  it("measures the known extremes and the grey at the 4.5:1 line", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // The classic pair: #767676 is the lightest grey with 4.5:1 on white, #777777 falls just short.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#ffffff", "#767676")).toBe(contrastRatio("#767676", "#ffffff"));
  });

  it("takes today's indigo and any colour white text is readable on; refuses the rest with the ratio rounded down", () => {
    expect(primaryColorProblem(DEFAULT_PRIMARY_COLOR)).toBeNull();
    expect(primaryColorProblem("#767676")).toBeNull();
    expect(primaryColorProblem("#0f766e")).toBeNull();
    expect(primaryColorProblem("#777777")).toEqual({ ratio: "4.4:1", needed: "4.5:1" });
    expect(primaryColorProblem("#ffcc00")).toEqual({ ratio: "1.5:1", needed: "4.5:1" });
  });

  it("says why in each language, with the ratio", () => {
    const problem = primaryColorProblem("#777777")!;
    expect(translate("en", text(LOW_CONTRAST, problem))).toBe(
      "White text on this colour is too faint to read (4.4:1; it needs 4.5:1 or more). Choose a darker colour.",
    );
    expect(translate("ko", text(LOW_CONTRAST, problem))).toBe(
      "이 색 위의 흰 글씨는 너무 흐려서 읽기 어렵습니다(4.4:1, 4.5:1 이상 필요). 더 진한 색을 골라 주세요.",
    );
  });
});
