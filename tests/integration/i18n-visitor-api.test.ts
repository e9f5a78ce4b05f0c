import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import ko from "@/messages/ko.json";
import { type FileServer, serverForFile } from "../support/file-server";
import type { TestClient } from "../support/http-client";
import { seedPages, seedPrize } from "../support/seed";
import { claimPath, newVisitor } from "../support/visitor";

const KOREAN = { "accept-language": "ko-KR,ko;q=0.9,en;q=0.8" };
const ENGLISH = { "accept-language": "en-US,en;q=0.9" };

/**
 * The visitor's API speaks the caller's language: the NEXT_LOCALE cookie, else Accept-Language,
 * else DEFAULT_LOCALE (English here). The Korean texts are pinned as written, not only "not English".
 */
describe("the visitor's API in Korean and English", () => {
  let file: FileServer;
  let baseUrl: string;
  beforeAll(async () => {
    file = await serverForFile("i18n-visitor-api");
    baseUrl = file.url;
  });
  afterAll(() => file?.stop());

  function pageWithPrize(label: string) {
    return file.withDatabase(async (db) => {
      const prizeId = await seedPrize(db, { total: 5, daily: 5, maintenance: 1, name: "텀블러" });
      const [page] = await seedPages(db, 1, label, [prizeId]);
      return page!.urlPath;
    });
  }

  const post = (visitor: TestClient, path: string, headers: Record<string, string>, json?: unknown) =>
    visitor.request("POST", path, { headers, ...(json === undefined ? {} : { json }) });

  it("a tap on a prize someone holds is refused in the caller's language, with the same code", async () => {
    const urlPath = await pageWithPrize("Taken");
    const holder = await newVisitor(baseUrl);
    expect((await post(holder, claimPath(urlPath), KOREAN)).status).toBe(200);

    const korean = await post(await newVisitor(baseUrl), claimPath(urlPath), KOREAN);
    expect(korean.status).toBe(409);
    expect(await korean.json()).toEqual({ detail: "죄송해요, 다른 분이 먼저 받았어요.", code: "taken" });

    const english = await post(await newVisitor(baseUrl), claimPath(urlPath), ENGLISH);
    expect(await english.json()).toEqual({ detail: "Sorry, someone else got there first.", code: "taken" });
    expect(en.visitor.api.taken).toBe("Sorry, someone else got there first.");
  });

  it("the claim's field errors in each language, the nickname counted in characters (10 Korean ones pass)", async () => {
    const urlPath = await pageWithPrize("Fields");
    const visitor = await newVisitor(baseUrl);
    expect((await post(visitor, claimPath(urlPath), KOREAN)).status).toBe(200);

    const emptyKorean = await post(visitor, claimPath(urlPath), KOREAN, { name: " ", password: "12a4" });
    expect(emptyKorean.status).toBe(400);
    expect(await emptyKorean.json()).toEqual({ name: ["닉네임을 입력해 주세요."], password: ["비밀번호는 숫자 4자리로 입력해 주세요."] });
    const emptyEnglish = await post(visitor, claimPath(urlPath), ENGLISH, { name: " ", password: "12a4" });
    expect(await emptyEnglish.json()).toEqual({
      name: ["Please enter a nickname."],
      password: ["Please enter a 4-digit number as the password."],
    });

    const elevenKorean = await post(visitor, claimPath(urlPath), KOREAN, { name: "가나다라마바사아자차카", password: "" });
    expect(await elevenKorean.json()).toEqual({ name: ["닉네임은 10자 이내로 입력해 주세요."], password: ["비밀번호를 입력해 주세요."] });
    const elevenEnglish = await post(visitor, claimPath(urlPath), ENGLISH, { name: "가나다라마바사아자차카", password: "" });
    expect(await elevenEnglish.json()).toEqual({
      name: ["Please enter a nickname of 10 characters or fewer."],
      password: ["Please enter a password."],
    });

    const won = await post(visitor, claimPath(urlPath), KOREAN, { name: "가나다라마바사아자차", password: "2580" });
    expect(won.status).toBe(201);
    expect(await won.json()).toEqual({ detail: "축하합니다! 텀블러에 당첨되셨어요.", prize_name: "텀블러" });
  });

  it("the hold's answers: held, let go, expired, in the caller's language; the cookie wins over the browser", async () => {
    const urlPath = await pageWithPrize("Hold");
    const visitor = await newVisitor(baseUrl);
    const held = await post(visitor, claimPath(urlPath), KOREAN);
    expect((await held.json()).detail).toMatch(/^\d+초 동안 경품을 잡아 두었어요\. 닉네임과 비밀번호를 입력해 받으세요\.$/);

    const letGo = await visitor.request("PATCH", claimPath(urlPath), { headers: KOREAN });
    expect(await letGo.json()).toEqual({ detail: "잡아 둔 경품을 돌려놓았어요." });

    const again = await post(visitor, claimPath(urlPath), KOREAN);
    expect(await again.json()).toEqual({ detail: ko.visitor.api.letGoRecently, code: "let_go_recently" });
    expect(ko.visitor.api.letGoRecently).toBe("방금 이 경품을 놓으셨어요. 다른 분께 먼저 기회를 드리니 잠시 후 다시 시도해 주세요.");

    // The language switch's cookie is the visitor's choice, whatever the browser asks for.
    visitor.cookies.set("NEXT_LOCALE", "ko");
    const expired = await post(visitor, claimPath(urlPath), ENGLISH, { name: "Mina", password: "2580" });
    expect(expired.status).toBe(409);
    expect(await expired.json()).toEqual({ detail: "잡아 둔 시간이 지났어요. 다시 시도해 주세요." });
    visitor.cookies.set("NEXT_LOCALE", "en");
    const expiredEnglish = await post(visitor, claimPath(urlPath), KOREAN, { name: "Mina", password: "2580" });
    expect(await expiredEnglish.json()).toEqual({ detail: "The time to claim this prize has run out. Please try again." });
  });

  it("an unknown page is 404 in the caller's language", async () => {
    const korean = await fetch(`${baseUrl}/api/p/doesnotexist/prize/`, { headers: KOREAN });
    expect(korean.status).toBe(404);
    expect(await korean.json()).toEqual({ detail: "제품 정보를 찾을 수 없어요." });
    const english = await fetch(`${baseUrl}/api/p/doesnotexist/prize/`, { headers: ENGLISH });
    expect(await english.json()).toEqual({ detail: "Product information not found." });
  });
});
