import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import en from "@/messages/en.json";
import ko from "@/messages/ko.json";
import { type FileServer, serverForFile } from "../support/file-server";
import { signedInClient, TestClient } from "../support/http-client";
import { UNREADABLE_NICKNAMES } from "../support/nicknames";
import { seedPages, seedPrize } from "../support/seed";
import { setMaintenanceMode } from "../support/settings";
import { claimPath, newVisitor } from "../support/visitor";
import { TEST_ADMIN } from "./global-setup";

// The English words the API answers a caller with no language of ours.
const { letGoRecently: LET_GO_RECENTLY, taken: TAKEN } = en.visitor.api;
const CLAIM_MESSAGES = en.visitor.claim.errors;

describe("the public claim API", () => {
  let file: FileServer;
  let baseUrl: string;
  let admin: TestClient;
  /** Pages each with a prize of its own, seeded at once: on PGlite each visit to the database restarts the server. */
  let pagesLeft: { urlPath: string; prizeId: number }[];
  /** A free page and a prize of its own, for the manual placement. */
  let unplaced: { prizeId: number; productId: number };
  beforeAll(async () => {
    file = await serverForFile("claims-api");
    baseUrl = file.url;
    ({ pagesLeft, unplaced } = await file.withDatabase(async (db) => {
      const pages = [];
      for (let index = 0; index < 24; index += 1) {
        const prizeId = await seedPrize(db, { total: 3, daily: 3, maintenance: 1, name: "Tumbler" });
        const [page] = await seedPages(db, 1, "Claim", [prizeId]);
        pages.push({ urlPath: page!.urlPath, prizeId });
      }
      const other = await seedPrize(db, { total: 5, daily: 5, maintenance: 2 });
      const [page] = await seedPages(db, 1, "Manual", [other]);
      return { pagesLeft: pages, unplaced: { prizeId: other, productId: page!.id } };
    }));
    admin = await signedInClient(baseUrl, TEST_ADMIN);
  });
  afterAll(async () => file?.stop());

  function pageWithPrize() {
    const page = pagesLeft.pop();
    if (!page) throw new Error("claims-api: seed more pages in beforeAll");
    return page;
  }

  it("GET /api/p/{urlPath}/ and /prize/ describe the page; an unknown page is 404", async () => {
    const { urlPath } = pageWithPrize();
    const page = await (await fetch(`${baseUrl}/api/p/${urlPath}/`)).json();
    expect(page).toMatchObject({ url_path: urlPath, has_prize: true, is_reserved: false });
    expect(await (await fetch(`${baseUrl}/api/p/${urlPath}/prize`)).json()).toEqual({
      has_prize: true,
      is_reserved: false,
      event_state: "open",
      drops_at: null,
      now: expect.any(String),
    });
    const missing = await fetch(`${baseUrl}/api/p/doesnotexist/prize/`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: "Product information not found." });
  });

  it("the page's first state call sets an HttpOnly visitor cookie; reserve holds; asking again keeps the expiry; claim answers 201", async () => {
    const { urlPath } = pageWithPrize();
    const visitor = new TestClient(baseUrl);
    expect((await visitor.get(`/p/${urlPath}`)).status).toBe(200);
    expect((await visitor.get(`/api/p/${urlPath}/prize/?view=1`)).status).toBe(200);
    const cookie = visitor.lastSetCookies.find((candidate) => candidate.name === "visitor_id");
    expect(cookie?.attributes).toEqual(expect.arrayContaining(["httponly", "samesite=lax"]));
    const first = await visitor.post(claimPath(urlPath));
    expect(first.status).toBe(200);
    const held = await first.json();
    expect(held.seconds_left).toBeGreaterThan(55);
    const again = await (await visitor.post(claimPath(urlPath))).json();
    expect(again.reserved_until).toBe(held.reserved_until);
    expect(await (await fetch(`${baseUrl}/api/p/${urlPath}/prize/`)).json()).toEqual({
      has_prize: true,
      is_reserved: true,
      event_state: "open",
      drops_at: null,
      now: expect.any(String),
    });

    const won = await visitor.post(claimPath(urlPath), { name: "  김민수  ", password: " 0420 " });
    expect(won.status).toBe(201);
    expect(await won.json()).toEqual({ detail: "Congratulations! You won Tumbler.", prize_name: "Tumbler" });
  });

  it.each([
    [{ name: "", password: "1234" }, { name: [CLAIM_MESSAGES.nameRequired] }],
    [{ name: "abcdefghijk", password: "1234" }, { name: [CLAIM_MESSAGES.nameTooLong] }],
    [{ name: "Mina", password: "" }, { password: [CLAIM_MESSAGES.passwordRequired] }],
    [{ name: "Mina", password: "12a4" }, { password: [CLAIM_MESSAGES.passwordFormat] }],
    [{ name: "Mina", password: "12345" }, { password: [CLAIM_MESSAGES.passwordFormat] }],
    [{ name: "Mina", password: "１２３４" }, { password: [CLAIM_MESSAGES.passwordFormat] }],
  ])("refuses %o with the form's message, and the hold survives", async (body, errors) => {
    const { urlPath } = pageWithPrize();
    const visitor = await newVisitor(baseUrl);
    await visitor.post(claimPath(urlPath));
    const response = await visitor.post(claimPath(urlPath), body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(errors);
    expect((await visitor.post(claimPath(urlPath), { name: "Mina", password: "1234" })).status).toBe(201);
  });

  it("refuses every nickname nobody could read with the same 400 on `name`; the hold is kept and wins after", async () => {
    const { urlPath, prizeId } = pageWithPrize();
    const visitor = await newVisitor(baseUrl);
    const held = await (await visitor.post(claimPath(urlPath))).json();
    for (const [what, name] of Object.entries(UNREADABLE_NICKNAMES)) {
      const response = await visitor.post(claimPath(urlPath), { name, password: "1234" });
      expect({ what, status: response.status, body: await response.json() }).toEqual({
        what,
        status: 400,
        body: { name: [CLAIM_MESSAGES.nameUnreadable] },
      });
    }
    const inKorean = await visitor.request("POST", claimPath(urlPath), {
      json: { name: "\u202Eanim", password: "1234" },
      headers: { "accept-language": "ko-KR,ko;q=0.9" },
    });
    expect(await inKorean.json()).toEqual({ name: [ko.visitor.claim.errors.nameUnreadable] });
    // Still this visitor's hold, as it was: the refusals neither let it go nor made a winner.
    expect((await (await visitor.post(claimPath(urlPath))).json()).reserved_until).toBe(held.reserved_until);
    const won = await visitor.post(claimPath(urlPath), { name: "민수 👩‍👩‍👧", password: "1234" });
    expect(won.status).toBe(201);
    const stored = await (await admin.get(`/api/winners/?prize=${prizeId}`)).json();
    expect(stored.results).toContainEqual(expect.objectContaining({ name: "민수 👩‍👩‍👧", password: "1234" }));
  });

  it("counts a nickname in characters as people see them: ten Korean syllables or emoji pass", async () => {
    for (const name of ["가나다라마바사아자차", "👩‍👩‍👧🎉🎉🎉🎉🎉🎉🎉🎉🎉"]) {
      const { urlPath } = pageWithPrize();
      const visitor = await newVisitor(baseUrl);
      await visitor.post(claimPath(urlPath));
      expect((await visitor.post(claimPath(urlPath), { name, password: "1234" })).status).toBe(201);
    }
  });

  it("PATCH cancels the hold so the next visitor gets it; finalising without a hold is 409", async () => {
    const { urlPath } = pageWithPrize();
    const first = await newVisitor(baseUrl);
    const second = await newVisitor(baseUrl);
    await first.post(claimPath(urlPath));
    const refused = await second.post(claimPath(urlPath));
    expect(refused.status).toBe(409);
    // The reason beside the detail: the page words its modal by it, not by parsing the text.
    expect(await refused.json()).toEqual({ detail: TAKEN, code: "taken" });
    expect((await first.patch(claimPath(urlPath))).status).toBe(200);
    expect((await first.patch(claimPath(urlPath))).status).toBe(200);
    const pausedFirst = await first.post(claimPath(urlPath));
    expect(await pausedFirst.json()).toEqual({ detail: LET_GO_RECENTLY, code: "let_go_recently" });
    expect((await second.post(claimPath(urlPath))).status).toBe(200);
    const noHold = await first.post(claimPath(urlPath), { name: "Mina", password: "1234" });
    expect(noHold.status).toBe(409);
  });

  it("a claim sent twice (the first answer lost) is answered 201 twice, with one winner", async () => {
    const { urlPath } = pageWithPrize();
    const visitor = await newVisitor(baseUrl);
    await visitor.post(claimPath(urlPath));
    const first = await visitor.post(claimPath(urlPath), { name: "Mina", password: "1234" });
    const again = await visitor.post(claimPath(urlPath), { name: "Mina", password: "1234" });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(await again.json()).toEqual(await first.json());
  });

  it("refuses a NUL character per field instead of failing in the database, and odd paths are 404", async () => {
    const { urlPath } = pageWithPrize();
    const visitor = await newVisitor(baseUrl);
    await visitor.post(claimPath(urlPath));
    const nul = await visitor.post(claimPath(urlPath), { name: "Mi\u0000na", password: "1234" });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({ name: ["Remove the invisible control character (NUL)."] });
    expect((await fetch(`${baseUrl}/api/p/abc%00def12/prize/`)).status).toBe(404);
    expect((await visitor.post("/api/p/not-a-real-path!/prize/claim/")).status).toBe(404);
    const hugeId = await admin.post("/api/prize-distributions/", { prize: 3_000_000_000, product: 1 });
    expect(hugeId.status).toBe(400);
  });

  it("claims need the CSRF header like every unsafe call", async () => {
    const { urlPath } = pageWithPrize();
    expect((await (await newVisitor(baseUrl)).post(claimPath(urlPath), undefined, { csrf: false })).status).toBe(403);
  });

  it("the admin's placement list puts active first with names and counts", async () => {
    const { prizeId } = pageWithPrize();
    const list = await (await admin.get("/api/prize-distributions/?page_size=1000")).json();
    expect(list.active_count + list.inactive_count).toBe(list.count);
    const actives = list.results.map((row: { is_active: boolean }) => row.is_active);
    expect(actives).toEqual([...actives].sort((a: boolean, b: boolean) => Number(b) - Number(a)));
    expect(list.results.find((row: { prize: number }) => row.prize === prizeId)).toMatchObject({
      prize_name: "Tumbler",
      product_name: expect.stringContaining("Claim"),
    });
  });

  it("manual placement: both ids required; a taken page is a non-field error; randomize reports", async () => {
    const missing = await admin.post("/api/prize-distributions/", { prize: null, product: 1 });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ prize: ["Please choose both a prize and a product."] });
    const { prizeId } = pageWithPrize();
    const { prizeId: other, productId } = unplaced;
    const taken = await admin.post("/api/prize-distributions/", { prize: prizeId, product: productId });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toEqual({ non_field_errors: [expect.any(String)] });
    // Random placement switches maintenance mode on (the spec's switch beside the button): put back after,
    // as the other files sharing this server expect to find it.
    const maintenanceBefore = await setMaintenanceMode(admin, false);
    onTestFinished(() => setMaintenanceMode(admin, maintenanceBefore).then(() => undefined));
    const randomized = await admin.post("/api/prize-distributions/randomize/", { reset: false, maintenance_mode: true, prize_id: other });
    expect(randomized.status).toBe(200);
    expect((await randomized.json()).detail).toMatch(/^Placed \d+ prizes? at random\./);
  });
});
