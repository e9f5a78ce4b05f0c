import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as XLSX from "xlsx";
import { MAX_FAILURES_PER_NAME_AND_ADDRESS } from "@/lib/services/auth/throttle";
import { createAccount } from "../support/accounts";
import { signedInClient, TestClient } from "../support/http-client";
import { setMaintenanceMode } from "../support/settings";
import { createPrizeViaApi, winViaApi } from "../support/winners";
import { TEST_ADMIN } from "./global-setup";

/**
 * The API of the winners, accounts, settings and audit screens answers in the caller's language
 * (Accept-Language or the NEXT_LOCALE cookie), with the exact texts of messages/*.json; the Excel files are
 * headed and named in it too.
 */
const baseUrl = inject("baseUrl");
let owner: TestClient;
let maintenanceBefore: boolean | undefined;
let winnerId: number;

const KOREAN = { "accept-language": "ko-KR,ko;q=0.9,en;q=0.8" };
const ENGLISH = { "accept-language": "en-US,en;q=0.9" };

async function call(client: TestClient, method: string, path: string, headers: Record<string, string>, json?: unknown) {
  const response = await client.request(method, path, { headers, json });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  owner = await signedInClient(baseUrl, TEST_ADMIN);
  // A new prize would be placed at once on a free page in maintenance mode, and winViaApi's own placement refused.
  maintenanceBefore = await setMaintenanceMode(owner, false);
  const prize = await createPrizeViaApi(owner, { name: "Umbrella i18n", total: 5 });
  await winViaApi(owner, baseUrl, { prizeId: prize.id, name: "한글이", password: "7301" });
  const found = await call(owner, "GET", "/api/winners/?search=7301", ENGLISH);
  winnerId = found.body.results[0].id;
});

afterAll(async () => {
  if (maintenanceBefore !== undefined) await setMaintenanceMode(owner, maintenanceBefore);
});

describe("winners", () => {
  it("an unknown winner is not found, in each language", async () => {
    expect(await call(owner, "POST", "/api/winners/999999/mark_received/", KOREAN)).toEqual({
      status: 404,
      body: { detail: "당첨자를 찾을 수 없어요." },
    });
    expect(await call(owner, "POST", "/api/winners/999999/mark_received/", ENGLISH)).toEqual({
      status: 404,
      body: { detail: "Winner not found." },
    });
  });

  it("a second hand-over names the winner and the time on the event's clock, in each language", async () => {
    const first = await call(owner, "POST", `/api/winners/${winnerId}/mark_received/`, KOREAN);
    expect(first.status).toBe(200);
    const hhmm = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Seoul", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
      new Date(first.body.received_at),
    );
    expect(await call(owner, "POST", `/api/winners/${winnerId}/mark_received/`, KOREAN)).toEqual({
      status: 409,
      body: { detail: `${hhmm}에 이미 한글이님이 수령했어요.` },
    });
    expect(await call(owner, "POST", `/api/winners/${winnerId}/mark_received/`, ENGLISH)).toEqual({
      status: 409,
      body: { detail: `Already handed over to 한글이 at ${hhmm}.` },
    });
  });

  it("a filter's field errors come in the caller's language; the cookie outranks the browser", async () => {
    expect(await call(owner, "GET", "/api/winners/?start_date=2026-02-30", KOREAN)).toEqual({
      status: 400,
      body: { start_date: ["없는 날짜예요."] },
    });
    expect(await call(owner, "GET", "/api/winners/?start_date=2026-05-03&end_date=2026-05-01", ENGLISH)).toEqual({
      status: 400,
      body: { start_date: ["The start date must not be after the end date."] },
    });
    const cookieClient = await signedInClient(baseUrl, TEST_ADMIN);
    cookieClient.cookies.set("NEXT_LOCALE", "ko");
    expect(await call(cookieClient, "GET", "/api/winners/?start_date=2026-05-03&end_date=2026-05-01", ENGLISH)).toEqual({
      status: 400,
      body: { start_date: ["시작일은 종료일보다 늦을 수 없어요."] },
    });
  });

  it("the Excel file has Korean headers, sheet and file name for a Korean browser, English ones otherwise", async () => {
    const korean = await owner.request("GET", "/api/winners/download_excel/?search=7301", { headers: KOREAN });
    expect(korean.status).toBe(200);
    const disposition = korean.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment; filename="winners-\d{8}\.xlsx"; filename\*=UTF-8''[^;]+$/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(/^당첨자-\d{8}\.xlsx$/);
    const book = XLSX.read(new Uint8Array(await korean.arrayBuffer()), { type: "array" });
    expect(book.SheetNames).toEqual(["당첨자"]);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(["닉네임", "비밀번호", "경품", "제품", "당첨 시각", "수령", "수령 시각", "수령 기한", "기한 지남 시각"]);
    expect(rows[1]).toEqual([
      "한글이",
      "7301",
      "Umbrella i18n",
      expect.any(String),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      "예",
      expect.any(String),
      // Collect by, expired at: no deadline set.
      "",
      "",
    ]);

    const english = await owner.request("GET", "/api/winners/download_excel/?search=7301", { headers: ENGLISH });
    expect(english.headers.get("content-disposition")).toMatch(/^attachment; filename="winners-\d{8}\.xlsx"$/);
    const englishBook = XLSX.read(new Uint8Array(await english.arrayBuffer()), { type: "array" });
    expect(englishBook.SheetNames).toEqual(["Winners"]);
    const englishRows = XLSX.utils.sheet_to_json<string[]>(englishBook.Sheets.Winners!, { header: 1 });
    expect(englishRows[0]).toEqual([
      "Nickname",
      "Password",
      "Prize",
      "Product",
      "Won at",
      "Received",
      "Received at",
      "Collect by",
      "Expired at",
    ]);
    expect(englishRows[1]?.[5]).toBe("Yes");
  });
});

describe("accounts", () => {
  it("a short password and a taken name are refused per field, in each language, and nothing is created", async () => {
    const name = `i18n-${Math.random().toString(36).slice(2, 8)}`;
    expect(await call(owner, "POST", "/api/admin/accounts/", KOREAN, { name, password: "short", role: "desk" })).toEqual({
      status: 400,
      body: { password: ["비밀번호는 8자 이상이어야 해요."] },
    });
    expect(await call(owner, "POST", "/api/admin/accounts/", ENGLISH, { name, password: "short", role: "desk" })).toEqual({
      status: 400,
      body: { password: ["The password must be at least 8 characters."] },
    });
    const listed = await call(owner, "GET", "/api/admin/accounts/?page_size=1000", ENGLISH);
    expect(listed.body.results.map((account: { name: string }) => account.name)).not.toContain(name);

    const existing = await createAccount(owner, "viewer", "i18n");
    expect(await call(owner, "POST", "/api/admin/accounts/", KOREAN, { ...existing, role: "viewer" })).toEqual({
      status: 400,
      body: { name: [`"${existing.name}" 계정이 이미 있어요.`] },
    });
    expect(await call(owner, "POST", "/api/admin/accounts/", ENGLISH, { ...existing, role: "viewer" })).toEqual({
      status: 400,
      body: { name: [`An account named "${existing.name}" already exists.`] },
    });
  });

  it("an unknown account and an empty change are refused in each language", async () => {
    expect(await call(owner, "PATCH", "/api/admin/accounts/999999/", KOREAN, { is_active: true })).toEqual({
      status: 404,
      body: { detail: "해당 ID의 계정이 없어요." },
    });
    expect(await call(owner, "PATCH", "/api/admin/accounts/999999/", ENGLISH, { is_active: true })).toEqual({
      status: 404,
      body: { detail: "No account matches the given id." },
    });
    const account = await createAccount(owner, "viewer", "i18n");
    expect(await call(owner, "PATCH", `/api/admin/accounts/${account.id}/`, KOREAN, {})).toEqual({
      status: 400,
      body: { non_field_errors: ["role, is_active, password 중 하나 이상을 보내 주세요."] },
    });
    expect(await call(owner, "PATCH", `/api/admin/accounts/${account.id}/`, KOREAN, { role: "boss" })).toEqual({
      status: 400,
      body: { role: ["owner, manager, desk, viewer 중 하나를 골라 주세요."] },
    });
  });
});

describe("settings", () => {
  it("an event that ends before it starts is refused on the field, in each language, and nothing changes", async () => {
    const before = await call(owner, "GET", "/api/admin/settings/", ENGLISH);
    const backwards = { event_starts_at: "2027-05-03T18:00:00+09:00", event_ends_at: "2027-05-03T10:00:00+09:00" };
    expect(await call(owner, "PATCH", "/api/admin/settings/", KOREAN, backwards)).toEqual({
      status: 400,
      body: { event_ends_at: ["행사 종료 시각은 시작 시각보다 뒤여야 해요."] },
    });
    expect(await call(owner, "PATCH", "/api/admin/settings/", ENGLISH, backwards)).toEqual({
      status: 400,
      body: { event_ends_at: ["The event must end after it starts."] },
    });
    expect(await call(owner, "PATCH", "/api/admin/settings/", KOREAN, { wins_per_visitor: "twice" })).toEqual({
      status: 400,
      body: { wins_per_visitor: ["unlimited, one_per_day, one_per_event 중 하나를 골라 주세요."] },
    });
    expect((await call(owner, "GET", "/api/admin/settings/", ENGLISH)).body).toEqual(before.body);
  });
});

describe("roles and sign-in", () => {
  it("a role refusal names the role: its id in English, its Korean name in Korean", async () => {
    const desk = await signedInClient(baseUrl, await createAccount(owner, "desk", "i18n"));
    expect(await call(desk, "GET", "/api/admin/audit/", KOREAN)).toEqual({
      status: 403,
      body: { detail: "경품 데스크 역할로는 할 수 없는 작업이에요." },
    });
    expect(await call(desk, "GET", "/api/admin/audit/", ENGLISH)).toEqual({
      status: 403,
      body: { detail: "Your role (desk) cannot do this." },
    });
  });

  it("sign-in throttling says how long to wait in the caller's language", async () => {
    const name = `throttled-ko-${Date.now()}`;
    const client = await new TestClient(baseUrl).init();
    for (let attempt = 0; attempt < MAX_FAILURES_PER_NAME_AND_ADDRESS; attempt += 1) {
      expect((await client.post("/api/admin/login/", { name, password: "guess-guess" })).status).toBe(400);
    }
    const korean = await call(client, "POST", "/api/admin/login/", KOREAN, { name, password: "guess-guess" });
    expect(korean.status).toBe(429);
    expect(korean.body.error).toMatch(/^로그인 실패가 너무 많아요\. \d+분 뒤에 다시 시도해 주세요\.$/);
    const english = await call(client, "POST", "/api/admin/login/", ENGLISH, { name, password: "guess-guess" });
    expect(english.body.error).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
  });
});
