import { describe, expect, it } from "vitest";
import { dropPlacementForm, firstError, manualPlacementForm, moveDropForm } from "@/components/admin/placements/placement-form";

const prize = { id: 3, name: "Mug" };
const page = { id: 7, name: "Kettle" };

describe("the placement forms' schemas", () => {
  it("asks for both picks with the server's message", () => {
    const result = manualPlacementForm.safeParse({ prize, product: null });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["product", "validation.placement.chooseBoth"],
    ]);
  });

  it("keeps the picked options as they were chosen", () => {
    expect(manualPlacementForm.parse({ prize, product: page })).toEqual({ prize, product: page });
  });

  it("turns a drop's wall-clock time into the instant with the event's offset", () => {
    const values = dropPlacementForm("Asia/Seoul").parse({ prize, product: page, when: "2027-05-03T15:00", announce: false });
    expect(values).toEqual({ prize, product: page, when: "2027-05-03T15:00:00+09:00", announce: false });
  });

  it("asks for a time when none or half of one is given", () => {
    for (const when of ["", "2027-05-03"]) {
      const result = moveDropForm("UTC").safeParse({ when });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(["admin.placements.drop.chooseTime"]);
    }
  });

  it("reports the first error in reading order", () => {
    const errors = { when: { message: "time" }, product: { message: "page" } };
    expect(firstError(errors, ["prize", "product", "when"])).toBe("page");
    expect(firstError({}, ["prize"])).toBeUndefined();
  });
});
