import { describe, expect, it } from "vitest";
import { loginPath, safeNextPath } from "@/lib/auth/next-path";

describe("after sign-in", () => {
  it("returns to the admin page asked for, with its query", () => {
    expect(safeNextPath("/admin/winners?product=3&page=2")).toBe("/admin/winners?product=3&page=2");
    expect(loginPath("/admin/products?search=mug")).toBe("/admin/login?next=%2Fadmin%2Fproducts%3Fsearch%3Dmug");
  });

  it("goes to the dashboard for anything outside /admin, another site, the login page or nothing", () => {
    for (const value of [
      undefined,
      null,
      "",
      "/",
      "/p/abc",
      "//evil.example/admin",
      "https://evil.example/admin/x",
      "/admin\\..\\x",
      "/administrator",
      "/admin/login",
      "/admin",
    ]) {
      expect(safeNextPath(value)).toBe("/admin/dashboard");
    }
    expect(safeNextPath("/admin/../p/abc")).toBe("/admin/dashboard");
  });

  it("sends to the plain sign-in page when the page asked for is the dashboard", () => {
    expect(loginPath("/admin/dashboard")).toBe("/admin/login");
    expect(loginPath(null)).toBe("/admin/login");
  });
});
