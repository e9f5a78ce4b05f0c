import { eq, sql } from "drizzle-orm";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import type { Db } from "@/db";
import { auditLog, loginAttempts, settings, winners } from "@/db/schema";
import { VISITOR_COOKIE, visitorIdWith } from "@/server/signed-value.mjs";
import type { WinnerRow } from "@/shared/contracts/winners";
import { auditRows } from "../support/accounts";
import { rowsOf } from "../support/direct-database";
import { type FileServer, startOwnServer } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { createProduct } from "../support/products";
import { setMaintenanceMode } from "../support/settings";
import { claimPath, newVisitor } from "../support/visitor";
import { createPrizeViaApi } from "../support/winners";
import { TEST_ADMIN, TEST_AUTH_SECRET } from "./global-setup";

/**
 * Privacy (server-behaviour.md, "Privacy"), on a server and database of its own: its log is read for
 * nicknames, and the retention sweep is made due by moving the event's end into the past.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every row of every table of the app as text: what a data-only dump of the database holds. */
async function dumpOf(db: Db): Promise<string> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const [row] = await rowsOf<{ text: string | null }>(db, sql.raw(`select string_agg(t::text, E'\\n') as text from ${name} t`));
    parts.push(row?.text ?? "");
  }
  return parts.join("\n");
}

/** Every file of the event archive as text: its workbooks' sheets as CSV, event.json as it is. */
async function archiveText(zipped: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(zipped);
  const parts: string[] = [];
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    if (file.name.endsWith(".xlsx")) {
      const book = XLSX.read(await file.async("nodebuffer"), { type: "buffer" });
      for (const name of book.SheetNames) parts.push(XLSX.utils.sheet_to_csv(book.Sheets[name]!));
    } else parts.push(await file.async("string"));
  }
  return parts.join("\n");
}

type Win = { id: number; name: string; visitorId: string; productUrl: string };

describe("privacy", () => {
  let own: FileServer;
  let admin: TestClient;
  let prize: { id: number; name: string };

  /** A visitor wins `prize` on a page of its own, with this nickname and code; consent as given. */
  async function win(name: string, password: string, consent: Record<string, unknown> = {}): Promise<Win> {
    const product = await createProduct(admin, { name: `Privacy stand ${Math.random().toString(36).slice(2, 8)}` });
    expect((await admin.post("/api/prize-distributions/", { prize: prize.id, product: product.id, is_active: true })).status).toBe(201);
    const visitor = await newVisitor(own.url);
    expect((await visitor.post(claimPath(product.url_path))).status).toBe(200);
    const claim = await visitor.post(claimPath(product.url_path), { name, password, ...consent });
    expect(claim.status, await claim.clone().text()).toBe(201);
    const [row] = (await (await admin.get(`/api/winners/?name=${name}&code=${password}`)).json()).results as WinnerRow[];
    // The id the server keeps for this phone: its cookie, as the server reads it.
    const visitorId = visitorIdWith(TEST_AUTH_SECRET, visitor.cookies.get(VISITOR_COOKIE));
    expect(visitorId).toEqual(expect.any(String));
    return { id: row!.id, name, visitorId: visitorId!, productUrl: product.url_path };
  }

  /** The totals the organiser reads: dashboard, funnel, and the Excel file's rows. */
  async function totals() {
    const dashboard = await (await admin.get("/api/admin/dashboard/")).json();
    const funnel = await (await admin.get("/api/admin/funnel/")).json();
    const file = await admin.get("/api/winners/download_excel/");
    expect(file.status).toBe(200);
    const book = XLSX.read(Buffer.from(await file.arrayBuffer()), { type: "buffer" });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    return {
      total_winners: dashboard.total_winners,
      received_winners: dashboard.received_winners,
      // Wins are counted from the winners (the flusher moves the other counts at any moment).
      funnel_wins: funnel.totals.wins,
      excel_rows: rows.length,
    };
  }

  /** The prize's units left and the winners so far, through the API. */
  async function stockAndWinners() {
    const stock = await (await admin.get(`/api/prizes/${prize.id}/`)).json();
    const listed = await (await admin.get("/api/winners/?page_size=1")).json();
    return { remaining: stock.remaining_quantity as number, winners: listed.count as number };
  }

  /** No table of the app, and no line the server logged, holds any of these words. */
  async function expectForgotten(words: string[]) {
    const dump = await own.withDatabase(dumpOf);
    // The dump holds the rows (the prize's name among them): a word missing from it means something.
    expect(dump).toContain(prize.name);
    const log = own.output();
    for (const word of words) {
      expect(dump.includes(word), `the dump holds ${word}`).toBe(false);
      expect(log.includes(word), `the log holds ${word}`).toBe(false);
    }
  }

  beforeAll(async () => {
    // The default proxy hops (0), as the file was written for.
    own = await startOwnServer("privacy", { TRUSTED_PROXY_HOPS: "0" });
    admin = await signedInClient(own.url, TEST_ADMIN);
    await setMaintenanceMode(admin, false);
    prize = await createPrizeViaApi(admin, { name: "Privacy mug", total: 50 });
  }, 120_000);
  afterAll(async () => {
    await own?.stop();
  });

  describe("the settings", () => {
    it("PATCH /api/admin/settings/ takes retention_days 1..365, a notice of up to 4,000 characters, a contact of up to 200", async () => {
      const fresh = await (await admin.get("/api/admin/settings/")).json();
      expect(fresh).toMatchObject({
        privacy_notice_en: null,
        privacy_notice_ko: null,
        privacy_contact: null,
        consent_required: false,
        retention_days: 30,
        retention_erases_at: null,
      });
      for (const bad of [0, 366, 1.5, "30", null]) {
        const response = await admin.patch("/api/admin/settings/", { retention_days: bad });
        expect(response.status, String(bad)).toBe(400);
        expect(Object.keys(await response.json())).toEqual(["retention_days"]);
      }
      const long = await admin.patch("/api/admin/settings/", { privacy_notice_ko: "가".repeat(4001) });
      expect(Object.keys(await long.json())).toEqual(["privacy_notice_ko"]);
      const contact = await admin.patch("/api/admin/settings/", { privacy_contact: "x".repeat(201) });
      expect(Object.keys(await contact.json())).toEqual(["privacy_contact"]);
      const consent = await admin.patch("/api/admin/settings/", { consent_required: "yes" });
      expect(Object.keys(await consent.json())).toEqual(["consent_required"]);

      const saved = await admin.patch("/api/admin/settings/", { privacy_contact: " privacy@example.com ", retention_days: 60 });
      expect(saved.status).toBe(200);
      const after = await saved.json();
      expect(after).toMatchObject({ privacy_contact: "privacy@example.com", retention_days: 60 });
      // What the notice says changed: a new version.
      expect(after.privacy_notice_version > fresh.privacy_notice_version).toBe(true);
      await admin.patch("/api/admin/settings/", { retention_days: 30 });
    });

    it("GET /privacy shows the default notice written from the settings, in the visitor's language", async () => {
      const visitor = await newVisitor(own.url);
      const en = await visitor.request("GET", "/privacy", { headers: { "accept-language": "en" } });
      expect(en.status).toBe(200);
      const page = await en.text();
      expect(page).toContain("privacy@example.com");
      expect(page).toContain("30 days");
      const ko = await (await newVisitor(own.url)).request("GET", "/privacy", { headers: { "accept-language": "ko" } });
      expect(await ko.text()).toContain("개인정보 수집·이용 안내");
    });

    it("a notice of the organiser's own goes between the fixed parts: who and the contact before it, how long and the rights after", async () => {
      const own_text = "We also photograph the winners for the event's newsletter.\n\nAsk us to leave you out.";
      const saved = await admin.patch("/api/admin/settings/", { privacy_notice_en: own_text });
      expect(saved.status).toBe(200);
      try {
        // The settings screen previews the typed text among the same fixed parts: after who, what and why.
        expect((await saved.json()).privacy_notice_default.en.organiser_at).toBe(3);
        const page = await (await (await newVisitor(own.url)).request("GET", "/privacy", { headers: { "accept-language": "en" } })).text();
        const at = (words: string) => {
          expect(page, words).toContain(words);
          return page.indexOf(words);
        };
        const order = [
          at("To ask about it: privacy@example.com."),
          at("What we collect:"),
          at("We also photograph the winners"),
          at("Ask us to leave you out."),
          at("How long: 30 days after the event ends"),
          at("You may refuse."),
          at("To have your data erased sooner"),
        ];
        expect(order).toEqual([...order].sort((a, b) => a - b));
      } finally {
        await admin.patch("/api/admin/settings/", { privacy_notice_en: null });
      }
    });

    it("GET /privacy?from= links back to the product page the visitor read it on, and to nothing else", async () => {
      const product = await createProduct(admin, { name: "Lantern stand" });
      const visitor = await newVisitor(own.url);
      const from = await (
        await visitor.request("GET", `/privacy?from=${product.url_path}`, { headers: { "accept-language": "en" } })
      ).text();
      expect(from).toContain(`href="/p/${product.url_path}"`);
      expect(from).toContain("Back to Lantern stand");
      // The product page's footer and the claim form point there with the page's own path.
      const productPage = await (await visitor.request("GET", `/p/${product.url_path}`, { headers: { "accept-language": "en" } })).text();
      expect(productPage).toContain(`href="/privacy?from=${product.url_path}"`);
      for (const elsewhere of ["NoSuchPage1", "https://evil.example", ""]) {
        const html = await (await visitor.request("GET", `/privacy?from=${encodeURIComponent(elsewhere)}`)).text();
        expect(html, elsewhere).not.toContain("Back to");
      }
    });
  });

  describe("consent", () => {
    it("with consent_required, a claim missing either box is a 400 on that field, keeps the hold and changes nothing", async () => {
      expect((await admin.patch("/api/admin/settings/", { consent_required: true })).status).toBe(200);
      try {
        const product = await createProduct(admin, { name: "Consent stand" });
        await admin.post("/api/prize-distributions/", { prize: prize.id, product: product.id, is_active: true });
        const visitor = await newVisitor(own.url);
        expect((await visitor.post(claimPath(product.url_path))).status).toBe(200);
        const before = await stockAndWinners();

        const neither = await visitor.post(claimPath(product.url_path), { name: "Consenter", password: "1357" });
        expect(neither.status).toBe(400);
        expect(Object.keys(await neither.json()).sort()).toEqual(["age_confirmed", "consent"]);
        const noAge = await visitor.post(claimPath(product.url_path), { name: "Consenter", password: "1357", consent: true });
        expect(noAge.status).toBe(400);
        expect(await noAge.json()).toEqual({ age_confirmed: [expect.stringContaining("14")] });
        const noConsent = await visitor.post(claimPath(product.url_path), {
          name: "Consenter",
          password: "1357",
          consent: false,
          age_confirmed: true,
        });
        expect(noConsent.status).toBe(400);
        expect(Object.keys(await noConsent.json())).toEqual(["consent"]);
        const korean = await visitor.request("POST", claimPath(product.url_path), {
          json: { name: "Consenter", password: "1357", age_confirmed: true },
          headers: { "accept-language": "ko" },
        });
        expect(await korean.json()).toEqual({ consent: [expect.stringContaining("동의")] });

        // Nothing changed, and the hold is still this visitor's.
        expect(await stockAndWinners()).toEqual(before);
        const state = await (await visitor.get(`/api/p/${product.url_path}/prize/`)).json();
        expect(state).toMatchObject({ has_prize: true, is_reserved: true, my_hold: { seconds_left: expect.any(Number) } });
        expect(state.my_hold.seconds_left).toBeGreaterThan(0);

        const both = await visitor.post(claimPath(product.url_path), {
          name: "Consenter",
          password: "1357",
          consent: true,
          age_confirmed: true,
        });
        expect(both.status).toBe(201);
        const [[row], [current]] = await own.withDatabase(
          async (db) =>
            [
              await db
                .select({ consentedAt: winners.consentedAt, version: winners.consentNoticeVersion })
                .from(winners)
                .where(eq(winners.name, "Consenter")),
              await db.select({ version: settings.privacyNoticeChangedAt }).from(settings),
            ] as const,
        );
        expect(row!.consentedAt).not.toBeNull();
        expect(row!.version?.toISOString()).toBe(current!.version.toISOString());
      } finally {
        await admin.patch("/api/admin/settings/", { consent_required: false });
      }
    });

    it("off (the default), the spec's claim of a nickname and a code alone wins, with no consent recorded", async () => {
      const won = await win("NoBoxes", "2468");
      const [row] = await own.withDatabase((db) =>
        db.select({ consentedAt: winners.consentedAt }).from(winners).where(eq(winners.id, won.id)),
      );
      expect(row!.consentedAt).toBeNull();
    });
  });

  describe("erasure on request", () => {
    it("POST /api/winners/{id}/erase/ forfeits a waiting win, erases its data everywhere, keeps the totals, and answers the same twice", async () => {
      const waiting = await win("EraseWaitQ", "7391");
      const received = await win("EraseGotQ", "7392");
      expect((await admin.post(`/api/winners/${received.id}/mark_received/`)).status).toBe(200);
      // A row written before this version named the winner by nickname, with an address: the function cleans it.
      await own.withDatabase((db) =>
        db.insert(auditLog).values({
          accountName: TEST_ADMIN.name,
          action: "winner.mark_received",
          targetType: "winner",
          targetId: String(received.id),
          targetName: `${received.name} (${prize.name})`,
          address: "203.0.113.7",
        }),
      );
      const totalsBefore = await totals();
      const stockBefore = await stockAndWinners();

      const erased = await admin.post(`/api/winners/${waiting.id}/erase/`);
      expect(erased.status).toBe(200);
      const body = await erased.json();
      expect(body).toMatchObject({ id: waiting.id, name: null, password: null, status: "expired", prize_name: prize.name });
      expect(body.erased_at).not.toBeNull();
      expect((await stockAndWinners()).remaining).toBe(stockBefore.remaining + 1);
      const again = await admin.post(`/api/winners/${waiting.id}/erase/`);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(body);

      expect((await admin.post(`/api/winners/${received.id}/erase/`)).status).toBe(200);
      const [row] = await own.withDatabase((db) =>
        db
          .select({ name: winners.name, password: winners.password, visitorId: winners.visitorId, isReceived: winners.isReceived })
          .from(winners)
          .where(eq(winners.id, received.id)),
      );
      expect(row).toEqual({ name: null, password: null, visitorId: null, isReceived: true });

      const audits = (await auditRows(admin, { target: `winner:${waiting.id}`, action: "winner.erase" })).map((entry) => ({
        target: entry.target_name,
        changes: entry.changes,
      }));
      expect(audits).toEqual([
        {
          target: `#${waiting.id} (${prize.name})`,
          changes: { erased: { before: false, after: true }, status: { before: "waiting", after: "expired" } },
        },
      ]);
      await expectForgotten([waiting.name, waiting.visitorId, received.name, received.visitorId]);
      const after = await totals();
      expect(after.total_winners).toBe(totalsBefore.total_winners);
      expect(after.received_winners).toBe(totalsBefore.received_winners);
      expect(after.funnel_wins).toBe(totalsBefore.funnel_wins);
      expect(after.excel_rows).toBe(totalsBefore.excel_rows);
      // An erased win cannot be undone or reinstated: nobody could show its code.
      expect((await admin.post(`/api/winners/${received.id}/cancel_received/`)).status).toBe(409);
      expect((await admin.post(`/api/winners/${waiting.id}/reinstate/`)).status).toBe(409);
      expect((await admin.post("/api/winners/2147483000/erase/")).status).toBe(404);
    });
  });

  describe("the audit log", () => {
    it("still refuses every other UPDATE, every DELETE and TRUNCATE, also under the cleaning function's flag", async () => {
      await own.withDatabase(async (db) => {
        const [row] = await db.select({ id: auditLog.id }).from(auditLog).limit(1);
        const refused = async (statement: ReturnType<typeof sql>, flagged = false) => {
          const error = await db
            .transaction(async (tx) => {
              if (flagged) await tx.execute(sql`select set_config('prize_giveaway.audit_scrub', 'on', true)`);
              await tx.execute(statement);
            })
            .then(
              () => null,
              (caught: unknown) => caught,
            );
          expect(String((error as { cause?: unknown })?.cause ?? error)).toContain("append-only");
        };
        await refused(sql`update audit_log set action = 'x' where id = ${row!.id}`);
        await refused(sql`update audit_log set target_name = 'someone else' where id = ${row!.id}`);
        await refused(sql`delete from audit_log where id = ${row!.id}`);
        await refused(sql`truncate audit_log`);
        await refused(sql`update audit_log set action = 'x' where id = ${row!.id}`, true);
        await refused(sql`update audit_log set target_name = 'someone else' where id = ${row!.id}`, true);
        await refused(sql`update audit_log set at = now() where id = ${row!.id}`, true);
        await refused(sql`delete from audit_log where id = ${row!.id}`, true);
        await refused(sql`truncate audit_log`, true);
      });
    });
  });

  describe("retention", () => {
    it("within a minute of the event's end + retention_days, the sweep erases every winner, keeps the totals, writes one audit row", async () => {
      const kept = [await win("SweepOneQ", "1111"), await win("SweepTwoQ", "2222")];
      expect((await admin.post(`/api/winners/${kept[0]!.id}/mark_received/`)).status).toBe(200);
      const totalsBefore = await totals();
      // A second event keeping its data 60 days: its own audit row of 40 days ago keeps its address.
      const created = await admin.post("/api/admin/events/", { name: "Next hall" });
      expect(created.status).toBe(201);
      const nextHall = ((await created.json()) as { id: number }).id;
      expect((await admin.patch(`/api/admin/settings/?event=${nextHall}`, { retention_days: 60 })).status).toBe(200);
      // A sign-in attempt of 31 days ago and an audit address of 40 days ago: both older than they may be kept.
      const retentionBefore = await own.withDatabase(async (db) => {
        await db.insert(loginAttempts).values({ name: "old-attempt", address: "198.51.100.9", createdAt: sql`now() - interval '31 days'` });
        await db
          .insert(auditLog)
          .values({ accountName: "old", action: "auth.sign_in", address: "198.51.100.10", at: sql`now() - interval '40 days'` });
        await db.insert(auditLog).values({
          eventId: nextHall,
          accountName: "old-next-hall",
          action: "prize.update",
          address: "198.51.100.11",
          at: sql`now() - interval '40 days'`,
        });
        const rows = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, "privacy.retention"));
        // The event ended 30 days and a few seconds ago: everything is due now.
        await db.update(settings).set({
          eventStartsAt: sql`now() - interval '32 days'`,
          eventEndsAt: sql`now() - interval '30 days' - interval '5 seconds'`,
        });
        return rows;
      });
      expect(retentionBefore).toEqual([]);
      // Watched through the API: the sweep is the server's, which on PGlite holds the database alone.
      const deadline = Date.now() + 60_000;
      let left = -1;
      while (Date.now() < deadline) {
        const listed = (await (await admin.get("/api/winners/?page_size=1000")).json()).results as WinnerRow[];
        // Erased winners stay listed (their totals are kept): these two at least.
        expect(listed.length).toBeGreaterThanOrEqual(2);
        left = listed.filter((winner) => winner.erased_at === null).length;
        if (left === 0) break;
        await sleep(500);
      }
      expect(left).toBe(0);
      const swept = await own.withDatabase(async (db) => ({
        rows: await db
          .select({ changes: auditLog.changes, account: auditLog.accountName })
          .from(auditLog)
          .where(eq(auditLog.action, "privacy.retention")),
        codes: (
          await rowsOf<{ count: number }>(
            db,
            sql`select count(*)::int as count from winners where password is not null or name is not null or visitor_id is not null`,
          )
        )[0]!,
        attempts: await db.select().from(loginAttempts).where(eq(loginAttempts.name, "old-attempt")),
        old: (await db.select({ address: auditLog.address }).from(auditLog).where(eq(auditLog.accountName, "old")))[0],
        nextHall: (await db.select({ address: auditLog.address }).from(auditLog).where(eq(auditLog.accountName, "old-next-hall")))[0],
      }));
      const rows = swept.rows;
      expect(rows).toHaveLength(1);
      expect(rows[0]!.account).toBe("system");
      expect((rows[0]!.changes as unknown as { erased: { after: number } }).erased.after).toBeGreaterThanOrEqual(2);
      expect(swept.codes.count).toBe(0);
      expect(swept.attempts).toEqual([]);
      expect(swept.old!.address).toBeNull();
      // Each event on its own retention: the other event's row is 40 of its 60 days old.
      expect(swept.nextHall!.address).toBe("198.51.100.11");
      await expectForgotten([...kept.flatMap((won) => [won.name, won.visitorId]), "198.51.100.9", "198.51.100.10", "Consenter", "NoBoxes"]);
      const after = await totals();
      expect(after.total_winners).toBe(totalsBefore.total_winners);
      expect(after.received_winners).toBe(totalsBefore.received_winners);
      expect(after.funnel_wins).toBe(totalsBefore.funnel_wins);
      expect(after.excel_rows).toBe(totalsBefore.excel_rows);
      // An archive made afterwards holds none of it either.
      const archive = await admin.get("/api/admin/event/archive/");
      expect(archive.status).toBe(200);
      const text = await archiveText(Buffer.from(await archive.arrayBuffer()));
      expect(text).toContain(prize.name);
      for (const word of ["SweepOneQ", "SweepTwoQ", kept[0]!.visitorId]) expect(text.includes(word)).toBe(false);
    }, 90_000);
  });
});
