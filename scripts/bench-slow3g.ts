// npm run bench:slow3g [-- --runs 5]
// What a visitor on a bad venue network sees: the production build (`npm run build` first) on a fresh
// Postgres database `prize_bench_slow3g` (TEST_POSTGRES_URL picks the server), a product page with a real
// photo and a prize, opened cold in Chromium as a 390 px phone under Chrome DevTools' "Slow 3G" preset
// (2,000 ms round trip, 400 kbit/s each way). Prints, per run and as medians: the first contentful paint,
// when the prize is announced, when the ticket takes a tap (the inline early-tap script), when the page's
// own scripts run (the claim form can open), and when the photo is in. `--branded`: with an event name,
// a primary colour, a footer line and a logo set (what branding costs a slow phone), and when the logo is in.
import { randomBytes } from "node:crypto";
import { chromium } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { openDatabase } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { images, placements, prizes, products, settings } from "@/db/schema";
import { storeImage } from "@/lib/images/store";
import { newUrlPath } from "@/lib/url-path";
import { startServer } from "../tests/support/app-server";
import { CHROMIUM_PATH } from "../tests/support/chromium";
import { freshBenchDatabase, positiveOption } from "./bench-support";

const RUNS = positiveOption("runs", 5);
const BRANDED = process.argv.includes("--branded");
const DATABASE = "prize_bench_slow3g";
/** Chrome DevTools' "Slow 3G", as Lighthouse defines it. */
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: (500 * 1000 * 0.8) / 8, uploadThroughput: (500 * 1000 * 0.8) / 8 };

/** A page with a photo-like 1200 px picture (blurred noise: it compresses as badly as a photo) and a prize. */
async function seed(url: string): Promise<{ urlPath: string; photoBytes: number }> {
  const handle = openDatabase({ kind: "postgres", url }, { timeZone: "UTC" });
  await migrateDatabase({ kind: "postgres", url }, handle);
  const side = 1200;
  const picture = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .blur(3)
    .png()
    .toBuffer();
  const image = await storeImage(handle.db, picture);
  const [stored] = await handle.db
    .select({ bytes: sql<number>`octet_length(${images.data})` })
    .from(images)
    .where(eq(images.id, image.id));
  const [product] = await handle.db
    .insert(products)
    .values({
      name: "Aurora Headphones",
      description: "Noise-cancelling headphones with a forty-hour battery.",
      urlPath: newUrlPath(),
      imageId: image.id,
    })
    .returning({ id: products.id, urlPath: products.urlPath });
  const [prize] = await handle.db
    .insert(prizes)
    .values({ name: "Tote bag", totalQuantity: 100, remainingQuantity: 100, dailyDistribution: 100, maintenanceCount: 1 })
    .returning({ id: prizes.id });
  await handle.db.insert(placements).values({ prizeId: prize!.id, productId: product!.id });
  if (BRANDED) {
    // A wide 1200x400 logo, stored as an upload would be: the header asks for it resized (?w=).
    const logo = await sharp(randomBytes(1200 * 400 * 3), { raw: { width: 1200, height: 400, channels: 3 } })
      .blur(2)
      .png()
      .toBuffer();
    const stored = await storeImage(handle.db, logo);
    await handle.db
      .update(settings)
      .set({
        eventName: "Spring Fair 2027",
        primaryColor: "#0f766e",
        footerText: "Collect your prize at Hall B, desk 3",
        logoImageId: stored.id,
      })
      .where(eq(settings.id, 1));
  }
  await handle.close();
  return { urlPath: product!.urlPath, photoBytes: Number(stored?.bytes ?? 0) };
}

type Run = { firstPaint: number; announced: number; tappable: number; interactive: number; photo: number; logo: number; bytes: number };

async function measure(pageUrl: string): Promise<Run> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox"] });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
    let bytes = 0;
    cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
    });
    await page.goto(pageUrl, { waitUntil: "commit", timeout: 120_000 });
    // Times are from navigation start (performance.now() in the page), polled every animation frame.
    const announced = await page.waitForFunction(
      () => document.body?.textContent?.includes("You found a prize!") && performance.now(),
      null,
      {
        timeout: 120_000,
      },
    );
    // The ticket answers a tap from when the inline early-tap script has run (window.__ticketTappableAt, its
    // own clock reading); the claim form can open once React runs the page (window.__ticketHydrated).
    const tappable = await page.waitForFunction(() => (window as { __ticketTappableAt?: number }).__ticketTappableAt ?? false, null, {
      timeout: 120_000,
    });
    const interactive = await page.waitForFunction(
      () => (window as { __ticketHydrated?: boolean }).__ticketHydrated && performance.now(),
      null,
      {
        timeout: 120_000,
      },
    );
    const photo = await page.waitForFunction(
      () => {
        const image = document.querySelector("main img") as HTMLImageElement | null;
        return image?.complete && image.naturalWidth > 0 && performance.now();
      },
      null,
      { timeout: 120_000 },
    );
    const logo = BRANDED
      ? await page.waitForFunction(
          () => {
            const image = document.querySelector("header img") as HTMLImageElement | null;
            return image?.complete && image.naturalWidth > 0 && performance.now();
          },
          null,
          { timeout: 120_000 },
        )
      : null;
    const firstPaint = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN);
    const run = {
      firstPaint,
      announced: Number(await announced.jsonValue()),
      tappable: Number(await tappable.jsonValue()),
      interactive: Number(await interactive.jsonValue()),
      photo: Number(await photo.jsonValue()),
      logo: logo ? Number(await logo.jsonValue()) : Number.NaN,
      bytes: 0,
    };
    await page.waitForLoadState("networkidle", { timeout: 120_000 }).catch(() => undefined);
    return { ...run, bytes };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const url = await freshBenchDatabase(DATABASE);
  const { urlPath, photoBytes } = await seed(url);
  const server = await startServer({ DATABASE_URL: url, AUTH_SECRET: "bench-slow3g-secret-0123456789abcdef-0123", APP_TIMEZONE: "UTC" });
  try {
    const pageUrl = `${server.url}/p/${urlPath}`;
    // One warm-up so the server has compiled and cached what it serves; every measured run is a cold browser.
    await fetch(pageUrl).then((response) => response.arrayBuffer());
    console.log(
      `Slow 3G (2,000 ms RTT, 400 kbit/s), 390 px phone at 3x, cold cache; stored photo ${(photoBytes / 1024).toFixed(0)} KB${BRANDED ? "; branded, with a logo" : ""}`,
    );
    const runs: Run[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const run = await measure(pageUrl);
      runs.push(run);
      console.log(
        `run ${index + 1}: first paint ${seconds(run.firstPaint)}, prize announced ${seconds(run.announced)}, ticket tappable ${seconds(run.tappable)}, page scripts running ${seconds(run.interactive)}, photo in ${seconds(run.photo)}${BRANDED ? `, logo in ${seconds(run.logo)}` : ""}, ${(run.bytes / 1024).toFixed(0)} KB`,
      );
    }
    const firstPaint = median(runs.map((run) => run.firstPaint));
    const tappable = median(runs.map((run) => run.tappable));
    console.log(
      `median: first paint ${seconds(firstPaint)}, prize announced ${seconds(median(runs.map((run) => run.announced)))}, ticket tappable ${seconds(tappable)} (${(tappable / firstPaint).toFixed(2)}x first paint), page scripts running ${seconds(median(runs.map((run) => run.interactive)))}, photo in ${seconds(median(runs.map((run) => run.photo)))}${BRANDED ? `, logo in ${seconds(median(runs.map((run) => run.logo)))}` : ""}`,
    );
    console.log("goals: first paint within 3 s, ticket tappable within 1.3x of first paint");
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
