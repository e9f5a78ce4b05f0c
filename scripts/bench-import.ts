// npm run bench:import [-- --pages 1000 --prizes 100 --requests 200]
// The spreadsheet import at its promised size (server-behaviour.md, "Setting up from a spreadsheet": 1,000
// product pages and 100 prizes with pictures in under 10 s): a fresh Postgres database `prize_bench_import`
// (TEST_POSTGRES_URL picks the server) with one product page a prize waits on, the production build on it,
// then the import previewed, applied and applied again over HTTP, each timed, while a visitor keeps opening
// that product page and its prize state one after another: their latency before and during the import.
// Last, another file as large with other pictures, imported with no preview first: every picture decoded
// in the import itself (as when the preview ran on another instance). Needs `npm run build` first.

import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { openDatabase } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { placements, prizes, products } from "@/db/schema";
import { newUrlPath } from "@/lib/url-path";
import { startServer } from "../tests/support/app-server";
import { signedInClient, type TestClient } from "../tests/support/http-client";
import { importForm, prizeRows, productRows, workbook, zipOf } from "../tests/support/import-files";
import { freshBenchDatabase, positiveOption } from "./bench-support";

const PAGES = positiveOption("pages", 1000);
const PRIZES = positiveOption("prizes", 100);
const REQUESTS = positiveOption("requests", 200);
const DATABASE = "prize_bench_import";
const ADMIN = { name: "bench", password: "bench-import-password" };

/** One product page with a prize waiting on it: what the visitor opens while the import runs. */
async function seedVisitorPage(url: string): Promise<string> {
  const handle = openDatabase({ kind: "postgres", url }, { timeZone: "UTC" });
  await migrateDatabase({ kind: "postgres", url }, handle);
  const [page] = await handle.db.insert(products).values({ name: "Visitor's stand", urlPath: newUrlPath() }).returning();
  const [prize] = await handle.db
    .insert(prizes)
    .values({ name: "Mug", totalQuantity: 1000, remainingQuantity: 1000, dailyDistribution: 1000, maintenanceCount: 1 })
    .returning();
  await handle.db.insert(placements).values({ prizeId: prize!.id, productId: page!.id });
  const [check] = await handle.db.select({ urlPath: products.urlPath }).from(products).where(eq(products.id, page!.id));
  await handle.close();
  return check!.urlPath;
}

/** Grain every picture shares (made once: the noise is the slow part), tinted per row. */
const grain = sharp({
  create: { width: 480, height: 360, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 12 } },
})
  .png()
  .toBuffer();

/** A photo-like JPEG per row (480 x 360, some grain), as an organiser's stand pictures would be, but distinct. */
async function photo(seed: number): Promise<Buffer> {
  const tint = { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 37) % 256 };
  return sharp(await grain)
    .tint(tint)
    .composite([{ input: { create: { width: 40 + (seed % 200), height: 30, channels: 3, background: "#ffffff" } }, left: 10, top: 10 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A spreadsheet of PAGES product pages and PRIZES prizes keyed by these prefixes, with a photo each. */
async function importFile(pagePrefix: string, prizePrefix: string, firstSeed: number) {
  const stands = productRows(PAGES, { prefix: pagePrefix });
  const gifts = prizeRows(PRIZES, { prefix: prizePrefix });
  const names = [...stands.slice(1), ...gifts.slice(1)].map((row) => String(row.at(-1)));
  const pictures = zipOf(await Promise.all(names.map(async (name, index) => ({ name, data: await photo(firstSeed + index + 1) }))));
  return importForm(workbook({ product_pages: stands, prizes: gifts }), `${pagePrefix}.xlsx`, pictures);
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))] ?? Number.NaN;
const latency = (times: number[]) =>
  `p50 ${quantile(times, 0.5).toFixed(1).padStart(6)} ms   p95 ${quantile(times, 0.95).toFixed(1).padStart(6)} ms   max ${Math.max(...times)
    .toFixed(1)
    .padStart(6)} ms   (${times.length} requests)`;

/** A visitor opening the page and its prize state, one request after another, until `until` settles. */
async function visitorTimes(base: string, urlPath: string, until: Promise<unknown> | number): Promise<{ page: number[]; state: number[] }> {
  const times = { page: [] as number[], state: [] as number[] };
  let done = false;
  const count = typeof until === "number" ? until : Number.POSITIVE_INFINITY;
  const stop = typeof until === "number" ? null : until.finally(() => (done = true));
  for (let index = 0; !done && index < count; index += 1) {
    for (const [kind, path] of [
      ["page", `/p/${urlPath}`],
      ["state", `/api/p/${urlPath}/prize/`],
    ] as const) {
      const started = performance.now();
      const response = await fetch(`${base}${path}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      times[kind].push(performance.now() - started);
    }
  }
  await stop;
  return times;
}

/** CPU seconds a process has used so far (user + system, all its threads: sharp's too), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function timedImport(admin: TestClient, form: ReturnType<typeof importForm>, dryRun: boolean, pid: number) {
  const cpu = cpuSeconds(pid);
  const started = performance.now();
  const response = await admin.form("POST", `/api/admin/import/${dryRun ? "?dry_run=true" : ""}`, form);
  const body = (await response.json()) as { product_pages: unknown; prizes: unknown; errors: unknown[] };
  if (response.status !== 200 || body.errors.length > 0)
    throw new Error(`the import answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`);
  return { seconds: (performance.now() - started) / 1000, cpu: cpuSeconds(pid) - cpu, body };
}

async function main() {
  const url = await freshBenchDatabase(DATABASE);
  const urlPath = await seedVisitorPage(url);
  const started = performance.now();
  const form = await importFile("stand", "gift", 0);
  const unseen = await importFile("booth", "present", PAGES + PRIZES);
  console.log(
    `Made two files of ${PAGES} product pages and ${PRIZES} prizes, each with ${PAGES + PRIZES} pictures (${(form.images!.file.size / 1024 / 1024).toFixed(1)} MB zip), in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const server = await startServer({
    DATABASE_URL: url,
    AUTH_SECRET: "bench-import-secret-0123456789abcdef-012",
    ADMIN_NAME: ADMIN.name,
    ADMIN_PASSWORD: ADMIN.password,
  });
  try {
    const admin = await signedInClient(server.url, ADMIN);
    const pid = server.process.pid!;
    await visitorTimes(server.url, urlPath, 20); // warm up
    const quiet = await visitorTimes(server.url, urlPath, REQUESTS);
    console.log("\nA visitor, one request after another:");
    console.log(`  product page, idle           ${latency(quiet.page)}`);
    console.log(`  prize state, idle            ${latency(quiet.state)}`);

    /** An import applied while the visitor keeps asking, with the visitor's times. */
    const importWatched = async (what: string, file: typeof form) => {
      const applying = timedImport(admin, file, false, pid);
      const during = await visitorTimes(server.url, urlPath, applying);
      const applied = await applying;
      console.log(
        `${what}: ${applied.seconds.toFixed(2)} s (server CPU ${applied.cpu.toFixed(1)} s)  ${JSON.stringify(applied.body.product_pages)} ${JSON.stringify(applied.body.prizes)}`,
      );
      console.log(`  product page, during import  ${latency(during.page)}`);
      console.log(`  prize state, during import   ${latency(during.state)}`);
    };
    const preview = await timedImport(admin, form, true, pid);
    console.log(
      `\nPreview (dry run): ${preview.seconds.toFixed(2)} s (server CPU ${preview.cpu.toFixed(1)} s)  ${JSON.stringify(preview.body.product_pages)} ${JSON.stringify(preview.body.prizes)}`,
    );
    await importWatched("Import", form);
    const again = await timedImport(admin, form, false, pid);
    console.log(
      `The same file again: ${again.seconds.toFixed(2)} s (server CPU ${again.cpu.toFixed(1)} s)  ${JSON.stringify(again.body.product_pages)} ${JSON.stringify(again.body.prizes)}`,
    );
    await importWatched("Another file, no preview", unseen);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
