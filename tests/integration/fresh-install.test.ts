import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSettings } from "@/db/queries/settings";
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
    const settings = await readSettings({ db: database.db, eventPeriod: { start: undefined, end: undefined } });
    expect(settings.maintenance_mode).toBe(false);
  });
});
