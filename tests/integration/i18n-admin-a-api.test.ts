import { describe, expect, inject, it } from "vitest";
import { LOCALE_COOKIE } from "@/shared/i18n/locales";
import { IMAGE_WIDTHS } from "@/shared/urls/images";
import { signedInClient, TestClient } from "../support/http-client";
import { TEST_ADMIN } from "./global-setup";

const baseUrl = inject("baseUrl");

/** A signed-in admin whose browser chose a language with the switch (the NEXT_LOCALE cookie). */
async function adminIn(locale: "en" | "ko"): Promise<TestClient> {
  const client = await signedInClient(baseUrl, TEST_ADMIN);
  client.cookies.set(LOCALE_COOKIE, locale);
  return client;
}

const prize = {
  name: "Umbrella",
  description: "",
  total_quantity: "5",
  daily_distribution: "9",
  maintenance_count: "1",
  is_active: "true",
};

describe("sign-in speaks the caller's language, except its fixed success message", () => {
  it("answers 'Login successful' unchanged to a Korean browser", async () => {
    const client = await new TestClient(baseUrl).init();
    const response = await client.request("POST", "/api/admin/login/", {
      json: TEST_ADMIN,
      headers: { "accept-language": "ko-KR,ko;q=0.9" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Login successful" });
  });

  it("says a wrong password and missing fields in Korean, and in English to an English browser", async () => {
    const korean = await new TestClient(baseUrl).init();
    const ko = { "accept-language": "ko" };
    const wrong = await korean.request("POST", "/api/admin/login/", {
      json: { name: TEST_ADMIN.name, password: "nope-nope" },
      headers: ko,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: "로그인하지 못했습니다. 아이디와 비밀번호를 확인해 주세요." });
    const empty = await korean.request("POST", "/api/admin/login/", { json: { name: " ", password: "" }, headers: ko });
    expect(await empty.json()).toEqual({ name: ["아이디를 입력해 주세요."], password: ["비밀번호를 입력해 주세요."] });

    const english = await new TestClient(baseUrl).init();
    const emptyEn = await english.request("POST", "/api/admin/login/", {
      json: { name: " ", password: "" },
      headers: { "accept-language": "en-GB" },
    });
    expect(await emptyEn.json()).toEqual({ name: ["Please enter an ID."], password: ["Please enter a password."] });
  });
});

describe("products, prizes and placements answer errors in the caller's language", () => {
  it("a product without a name, and one that does not exist", async () => {
    for (const [locale, nameRequired, missing] of [
      ["ko", "제품명을 입력해 주세요.", "해당 ID의 제품 페이지가 없습니다."],
      ["en", "Please enter a product name.", "No product page matches the given id."],
    ] as const) {
      const admin = await adminIn(locale);
      const blank = await admin.form("POST", "/api/admin/create-product/", { name: "  " });
      expect(blank.status).toBe(400);
      expect(await blank.json()).toEqual({ name: [nameRequired] });
      const gone = await admin.get("/api/products/2000000000/");
      expect(gone.status).toBe(404);
      expect(await gone.json()).toEqual({ detail: missing });
    }
  });

  it("a prize whose daily distribution is over its total, and one that does not exist", async () => {
    for (const [locale, overTotal, missing] of [
      ["ko", "하루 당첨 한도는 총수량보다 클 수 없습니다.", "경품을 찾을 수 없습니다."],
      ["en", "Daily distribution cannot be greater than total quantity.", "Prize not found."],
    ] as const) {
      const admin = await adminIn(locale);
      const refused = await admin.form("POST", "/api/prizes/", prize);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ daily_distribution: [overTotal] });
      const gone = await admin.get("/api/prizes/2000000000/");
      expect(gone.status).toBe(404);
      expect(await gone.json()).toEqual({ detail: missing });
    }
  });

  it("a placement missing its prize and product, and one of a prize that does not exist", async () => {
    const admin = await adminIn("ko");
    const product = await (await admin.form("POST", "/api/admin/create-product/", { name: "Stand A" })).json();
    const neither = await admin.post("/api/prize-distributions/", {});
    expect(neither.status).toBe(400);
    expect(await neither.json()).toEqual({ prize: ["경품과 제품을 모두 선택해 주세요."], product: ["경품과 제품을 모두 선택해 주세요."] });
    const noPrize = await admin.post("/api/prize-distributions/", { prize: 2_000_000_000, product: product.id });
    expect(noPrize.status).toBe(400);
    expect(await noPrize.json()).toEqual({ prize: ["있는 경품을 선택해 주세요."] });
    admin.cookies.set(LOCALE_COOKIE, "en");
    const noPrizeEn = await admin.post("/api/prize-distributions/", { prize: 2_000_000_000, product: product.id });
    expect(await noPrizeEn.json()).toEqual({ prize: ["Choose an existing prize."] });
  });

  it("an image width that is not served names the served widths, in both languages", async () => {
    const english = await new TestClient(baseUrl).init();
    const en = await english.get(`/api/images/${"a".repeat(64)}.webp?w=7`);
    expect(en.status).toBe(400);
    expect(await en.json()).toEqual({ w: [`Use one of the served widths: ${IMAGE_WIDTHS.join(", ")}.`] });
    english.cookies.set(LOCALE_COOKIE, "ko");
    const ko = await english.get(`/api/images/${"a".repeat(64)}.webp?w=7`);
    expect(await ko.json()).toEqual({ w: [`제공하는 너비 중 하나를 쓰세요: ${IMAGE_WIDTHS.join(", ")}.`] });
  });
});
