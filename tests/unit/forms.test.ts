import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/client/api";
import { applyServerErrors } from "@/lib/client/form-errors";
import { absentMeansFalse, formBoolean, imageFile } from "@/lib/validation/fields";

type Form = { name: string; description: string };

function collect(error: unknown) {
  const placed: Record<string, string> = {};
  const message = applyServerErrors<Form>(error, {
    fields: ["name", "description"],
    setError: (field, { message: text }) => {
      placed[field] = text ?? "";
    },
    extra: { image: (text) => (placed.image = text) },
    fallback: "Failed to save.",
  });
  return { placed, message };
}

describe("applyServerErrors", () => {
  it("puts field errors on their fields and needs no form message when all found a place", () => {
    const result = collect(new ApiError(400, { name: ["Please enter a product name."], image: ["Upload a valid image."] }));
    expect(result).toEqual({ placed: { name: "Please enter a product name.", image: "Upload a valid image." }, message: null });
  });

  it("returns detail or non_field_errors as the form message, beside any field errors", () => {
    expect(collect(new ApiError(409, { detail: "Changed meanwhile." })).message).toBe("Changed meanwhile.");
    const both = collect(new ApiError(400, { name: ["Too long."], non_field_errors: ["Not both."] }));
    expect(both).toEqual({ placed: { name: "Too long." }, message: "Not both." });
  });

  it("falls back for an error with nothing to place (network, unknown field)", () => {
    expect(collect(new ApiError(0, null)).message).toBe("Failed to save.");
    expect(collect(new ApiError(400, { other: ["x"] })).message).toBe("Failed to save.");
  });
});

describe("shared zod blocks", () => {
  it("reads form booleans one way and refuses anything else", () => {
    for (const yes of [true, "true", "on", "1"]) expect(formBoolean.parse(yes)).toBe(true);
    for (const no of [false, "false", "0", ""]) expect(formBoolean.parse(no)).toBe(false);
    expect(formBoolean.safeParse("maybe").error?.issues[0]?.message).toBe("validation.fields.boolean");
    expect(absentMeansFalse.parse(undefined)).toBe(false);
  });

  it("takes one image file, treats an empty one as none, refuses text and two files", () => {
    const file = new File([new Uint8Array([1])], "a.png", { type: "image/png" });
    expect(imageFile.parse(file)).toBe(file);
    expect(imageFile.parse("")).toBeUndefined();
    expect(imageFile.parse(new File([], ""))).toBeUndefined();
    expect(imageFile.safeParse("text").success).toBe(false);
    expect(imageFile.safeParse([file, file]).error?.issues[0]?.message).toBe("validation.fields.oneImage");
  });
});
