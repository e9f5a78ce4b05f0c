import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSettings } from "@/db/queries/settings";
import { placements } from "@/db/schema";
import { runMaintenanceTick } from "@/lib/services/placements/maintenance-tick";
import { createPrize } from "@/lib/services/prizes/create";
import { createPrizeBody } from "@/lib/validation/prize";
import { seedPages } from "../support/seed";
import { freshServiceDatabase, type ServiceDatabase } from "../support/service-db";

let database: ServiceDatabase;

beforeAll(async () => {
  database = await freshServiceDatabase("fresh_install");
});

afterAll(async () => {
  await database.close();
});

describe("a fresh install", () => {
  it("starts with maintenance mode off, so a prize created the day before goes live only when placed", async () => {
    const settings = await readSettings({ db: database.db, eventId: 1, eventPeriod: { start: undefined, end: undefined } });
    expect(settings.maintenance_mode).toBe(false);

    // The organiser sets up pages and a prize the day before, as the screens do; the periodic tick runs.
    await seedPages(database.db, 5, "Stand");
    const input = createPrizeBody.parse({ name: "Tote bag", total_quantity: "10", daily_distribution: "2", maintenance_count: "2" });
    await createPrize({ ctx: { db: database.db, eventId: 1 }, input });
    await runMaintenanceTick(database.db);
    const [placed] = await database.db.select({ total: count() }).from(placements);
    expect(placed?.total).toBe(0);
  });
});
