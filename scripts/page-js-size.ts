// npm run page:js [-- /path/to/other/checkout]
// The JavaScript a visitor's phone downloads before the ticket works with it: the <script src> chunks the
// product page's HTML names (the claim form is fetched later, on its own), each gzipped as a server sends
// it (zlib's default level, as the compression middleware), summed. Runs this checkout's production build
// (`npm run build` first), or another checkout's given by its directory, on a fresh Postgres database
// `prize_page_js` (TEST_POSTGRES_URL picks the server), and measures the page in English and Korean.
import path from "node:path";
import { gzipSync } from "node:zlib";
import { openDatabase } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { placements, prizes, products } from "@/db/schema";
import { newUrlPath } from "@/lib/url-path";
import { startServer } from "../tests/support/app-server";
import { freshBenchDatabase } from "./bench-support";

const DATABASE = "prize_page_js";
const checkout = process.argv[2];

async function seed(url: string): Promise<string> {
  const handle = openDatabase({ kind: "postgres", url }, { timeZone: "UTC" });
  await migrateDatabase({ kind: "postgres", url }, handle);
  const [product] = await handle.db
    .insert(products)
    .values({ name: "Aurora Headphones", description: "Noise-cancelling headphones.", urlPath: newUrlPath() })
    .returning({ id: products.id, urlPath: products.urlPath });
  const [prize] = await handle.db
    .insert(prizes)
    .values({ name: "Tote bag", totalQuantity: 10, remainingQuantity: 10, dailyDistribution: 10, maintenanceCount: 1 })
    .returning({ id: prizes.id });
  await handle.db.insert(placements).values({ prizeId: prize!.id, productId: product!.id });
  await handle.close();
  return product!.urlPath;
}

/** The page's script chunks, each with its size as sent and gzipped. */
async function scriptsOf(pageUrl: string, acceptLanguage: string) {
  const html = await (await fetch(pageUrl, { headers: { "accept-language": acceptLanguage } })).text();
  if (!html.includes("data-ticket")) throw new Error(`No ticket on ${pageUrl}: the page did not render its prize`);
  const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
  const sizes = await Promise.all(
    sources.map(async (source) => {
      const body = Buffer.from(await (await fetch(new URL(source, pageUrl), { headers: { "accept-encoding": "identity" } })).arrayBuffer());
      return { source, raw: body.length, gzipped: gzipSync(body).length };
    }),
  );
  return { sizes, html: { raw: Buffer.byteLength(html), gzipped: gzipSync(html).length } };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const url = await freshBenchDatabase(DATABASE);
  const urlPath = await seed(url);
  const appServer = checkout ? path.resolve(checkout, "server.mjs") : undefined;
  const server = await startServer(
    { DATABASE_URL: url, AUTH_SECRET: "page-js-size-secret-0123456789abcdef-0123", APP_TIMEZONE: "UTC" },
    undefined,
    appServer,
  );
  try {
    console.log(`Build: ${checkout ?? "this checkout"}`);
    for (const [label, acceptLanguage] of [
      ["English", "en-US,en;q=0.9"],
      ["Korean", "ko-KR,ko;q=0.9"],
    ] as const) {
      const { sizes, html } = await scriptsOf(`${server.url}/p/${urlPath}`, acceptLanguage);
      const raw = sizes.reduce((sum, size) => sum + size.raw, 0);
      const gzipped = sizes.reduce((sum, size) => sum + size.gzipped, 0);
      console.log(
        `${label}: ${sizes.length} scripts before the ticket, ${kb(raw)} raw, ${kb(gzipped)} gzipped; the HTML ${kb(html.raw)} raw, ${kb(html.gzipped)} gzipped`,
      );
      for (const size of sizes) console.log(`  ${size.source}  ${kb(size.raw)} raw, ${kb(size.gzipped)} gzipped`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
