import { describe, expect, it } from "vitest";
import { z } from "zod";
import { csrfTokensMatch, newCsrfToken } from "@/lib/api/csrf";
import { pageQuery, toPage } from "@/lib/api/pagination";
import { errorResponse } from "@/lib/api/respond";
import { toFieldErrors } from "@/lib/api/zod-errors";
import { AppError, ValidationError } from "@/lib/errors";

describe("csrf", () => {
  it("accepts the same token and refuses a missing, different or malformed one", () => {
    const token = newCsrfToken();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(csrfTokensMatch(token, token)).toBe(true);
    expect(csrfTokensMatch(token, null)).toBe(false);
    expect(csrfTokensMatch(undefined, token)).toBe(false);
    expect(csrfTokensMatch(token, newCsrfToken())).toBe(false);
    expect(csrfTokensMatch("abc", "abc")).toBe(false);
  });
});

describe("pageQuery and toPage", () => {
  const url = "http://host/api/products/?search=x&page=2";

  it("defaults to page 1 of 10 and refuses sizes outside 1..1000", () => {
    expect(pageQuery.parse({})).toEqual({ page: 1, page_size: 10 });
    expect(pageQuery.safeParse({ page_size: "1001" }).success).toBe(false);
    expect(pageQuery.safeParse({ page: "0" }).success).toBe(false);
    expect(pageQuery.safeParse({ page: "abc" }).success).toBe(false);
  });

  it("links to the next and previous pages, keeping other parameters", () => {
    const page = toPage(url, { page: 2, page_size: 10 }, 25, ["a"]);
    expect(page.count).toBe(25);
    expect(page.next).toBe("http://host/api/products/?search=x&page=3");
    expect(page.previous).toBe("http://host/api/products/?search=x&page=1");
    expect(toPage(url, { page: 3, page_size: 10 }, 25, []).next).toBeNull();
  });

  it("answers 'Invalid page.' past the end, but page 1 of nothing is an empty page", () => {
    expect(() => toPage(url, { page: 4, page_size: 10 }, 25, [])).toThrow("Invalid page.");
    expect(toPage(url, { page: 1, page_size: 10 }, 0, [])).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});

describe("error responses", () => {
  it("shape zod issues like Django REST Framework", () => {
    const schema = z
      .object({ name: z.string().min(1, "Required."), nested: z.object({ n: z.number() }) })
      .refine(() => false, "Whole object is wrong.");
    const result = schema.safeParse({ name: "", nested: { n: "x" } });
    expect(result.success).toBe(false);
    const fields = toFieldErrors(result.error!);
    expect(fields.name).toEqual(["Required."]);
    expect(fields["nested.n"]).toHaveLength(1);
    const whole = z
      .object({})
      .refine(() => false, "Whole object is wrong.")
      .safeParse({});
    expect(toFieldErrors(whole.error!)).toEqual({ non_field_errors: ["Whole object is wrong."] });
  });

  it("map each typed error to its status and hide unknown errors behind a generic 500", async () => {
    expect(errorResponse(new AppError("not_found", "Gone.")).status).toBe(404);
    expect(errorResponse(new AppError("conflict", "Taken.", { winners_count: 3 })).status).toBe(409);
    expect(await errorResponse(new AppError("conflict", "Taken.", { winners_count: 3 })).json()).toEqual({
      detail: "Taken.",
      winners_count: 3,
    });
    expect(await errorResponse(ValidationError.field("name", "Bad.")).json()).toEqual({ name: ["Bad."] });
    const original = console.error;
    console.error = () => {};
    try {
      const hidden = errorResponse(new Error("secret stack detail"));
      expect(hidden.status).toBe(500);
      expect(await hidden.text()).not.toContain("secret stack detail");
    } finally {
      console.error = original;
    }
  });
});
