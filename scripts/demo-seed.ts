// npm run demo:seed - a few product pages with pictures, prizes and live placements, so a newcomer who
// starts the app has something to scan and win. Idempotent: run it again and nothing is duplicated.

import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { heldNow, prizeWinnable } from "@/db/prize-rules";
import { readEventRules } from "@/db/queries/event-rules";
import { placements, prizes, products } from "@/db/schema";
import { getConfig } from "@/lib/config";
import { closedEventMessage } from "@/lib/event/messages";
import { sayIn } from "@/lib/i18n/translate";
import { storeImage } from "@/lib/images/store";
import { lastServerAddress } from "@/lib/server-address";
import { newUrlPath } from "@/lib/url-path";
import { productPageUrl } from "@/shared/urls/products";
import { openCliDatabase } from "./cli-database";

const demoProducts = [
  { name: "Aurora Headphones", description: "Noise-cancelling headphones with a 40-hour battery.", colour: "#4f46e5" },
  { name: "Breeze Smart Fan", description: "A quiet fan that follows you around the room.", colour: "#0891b2" },
  { name: "Cocoa Coffee Maker", description: "Bean to cup in ninety seconds.", colour: "#92400e" },
  { name: "Drift E-Scooter", description: "Folds in one move; 25 km on a charge.", colour: "#059669" },
  { name: "Echo Speaker", description: "Room-filling sound in a pocket-sized speaker.", colour: "#db2777" },
  { name: "Flux Power Bank", description: "Charges a phone three times over.", colour: "#ca8a04" },
];

const demoPrizes = [
  {
    name: "Tote bag",
    description: "Canvas tote with the event logo.",
    totalQuantity: 30,
    dailyDistribution: 10,
    maintenanceCount: 2,
    colour: "#7c3aed",
  },
  {
    name: "Coffee voucher",
    description: "One free coffee at the café stand.",
    totalQuantity: 20,
    dailyDistribution: 5,
    maintenanceCount: 2,
    colour: "#b45309",
  },
];

function picture(label: string, colour: string): Promise<Buffer> {
  const initials = label
    .split(" ")
    .map((word) => word[0])
    .join("")
    .slice(0, 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <rect width="400" height="400" fill="${colour}"/>
    <circle cx="200" cy="170" r="110" fill="#ffffff" fill-opacity="0.18"/>
    <text x="200" y="205" font-family="sans-serif" font-size="110" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text>
    <text x="200" y="345" font-family="sans-serif" font-size="30" fill="#fff" text-anchor="middle">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function main() {
  const database = await openCliDatabase();
  const { db } = database;
  for (const item of demoProducts) {
    const [existing] = await db.select({ id: products.id }).from(products).where(eq(products.name, item.name));
    if (existing) continue;
    const image = await storeImage(db, await picture(item.name, item.colour));
    await db.insert(products).values({ name: item.name, description: item.description, imageId: image.id, urlPath: newUrlPath() });
  }
  for (const item of demoPrizes) {
    const [existing] = await db.select({ id: prizes.id }).from(prizes).where(eq(prizes.name, item.name));
    if (existing) continue;
    const { colour, ...fields } = item;
    const image = await storeImage(db, await picture(item.name, colour));
    await db.insert(prizes).values({ ...fields, remainingQuantity: fields.totalQuantity, imageId: image.id });
  }

  // Place each demo prize on free demo pages up to its maintenance count, if not already placed.
  const pages = await db
    .select({ id: products.id, name: products.name, urlPath: products.urlPath })
    .from(products)
    .where(
      inArray(
        products.name,
        demoProducts.map((item) => item.name),
      ),
    );
  const live = await db
    .select({ productId: placements.productId, prizeId: placements.prizeId })
    .from(placements)
    .where(eq(placements.isActive, true));
  const taken = new Set(live.map((placement) => placement.productId));
  const prizeRows = await db
    .select({ id: prizes.id, name: prizes.name, maintenanceCount: prizes.maintenanceCount })
    .from(prizes)
    .where(
      inArray(
        prizes.name,
        demoPrizes.map((item) => item.name),
      ),
    );
  for (const prize of prizeRows) {
    let placed = live.filter((placement) => placement.prizeId === prize.id).length;
    for (const page of pages) {
      if (placed >= prize.maintenanceCount) break;
      if (taken.has(page.id)) continue;
      await db.insert(placements).values({ prizeId: prize.id, productId: page.id });
      taken.add(page.id);
      placed += 1;
    }
  }

  // Read back from the live state, with the public page's own rule (a live placement of a prize that can
  // still be won), so the marks are true now; after a win, running this again shows where prizes wait.
  const waiting = await db
    .select({ productId: placements.productId, held: heldNow() })
    .from(placements)
    .innerJoin(prizes, eq(prizes.id, placements.prizeId))
    .where(and(eq(placements.isActive, true), prizeWinnable()));
  const heldPages = new Set(waiting.filter((row) => row.held).map((row) => row.productId));
  const waitingPages = new Set(waiting.map((row) => row.productId));
  const config = getConfig();
  // PUBLIC_BASE_URL, else the port given here, else the address the server last started with.
  const base =
    config.publicBaseUrl ??
    (process.env.PORT ? `http://localhost:${config.port}` : (lastServerAddress(config.dataDir) ?? `http://localhost:${config.port}`));
  console.log("Demo product pages, as they are right now (★ a prize is waiting there, ◐ someone is holding it):");
  for (const page of pages) {
    const mark = heldPages.has(page.id) ? "◐" : waitingPages.has(page.id) ? "★" : " ";
    console.log(`  ${mark} ${productPageUrl(base, page.urlPath)}  ${page.name}`);
  }
  console.log("A won prize is gone from its page; run `npm run demo:seed` again to place it anew and list where prizes wait.");
  // The event's rules apply to the demo too: say why no ticket shows (the settings screen changes them).
  const rules = await readEventRules(db, 1);
  const closed = closedEventMessage(rules, rules.timeZone);
  const said = closed && sayIn(config.defaultLocale, closed);
  if (said) console.log(`No ticket shows right now: ${said} (Event settings, or the Pause switch, at /admin.)`);
  await database.close();
}

void main();
