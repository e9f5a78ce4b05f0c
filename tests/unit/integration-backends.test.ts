import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POSTGRES_ONLY_FILES } from "../integration/postgres-only";

const INTEGRATION = path.join(import.meta.dirname, "../integration");
const files = readdirSync(INTEGRATION)
  .filter((name) => name.endsWith(".test.ts"))
  .map((name) => ({ name, source: readFileSync(path.join(INTEGRATION, name), "utf8") }));

/** The integration files run on PGlite too, but for one named group (tests/integration/postgres-only.ts). */
describe("which integration files run on PGlite", () => {
  it("keeps the postgres-only group to at most 8 files, each of which exists", () => {
    expect(POSTGRES_ONLY_FILES.length).toBeLessThanOrEqual(8);
    for (const name of POSTGRES_ONLY_FILES) expect(files.map((file) => file.name)).toContain(name);
  });

  it("lets no other file skip itself or reach Postgres alone, but those still to be moved to either backend", () => {
    // Each still has tests that reach Postgres alone (two instances on one database; metrics' gauge against
    // Postgres's own count) beside tests that mean as much on PGlite: to be split between the group and files
    // that run on both (docs/testing.md).
    const STILL_POSTGRES_ONLY = [
      "big-screen.test.ts",
      "branding.test.ts",
      "collection-deadline.test.ts",
      "event-clock.test.ts",
      "metrics.test.ts",
      "prize-drops.test.ts",
    ];
    const skipping = files
      .filter((file) => !(POSTGRES_ONLY_FILES as readonly string[]).includes(file.name))
      .filter((file) => /\.(runIf|skipIf)\(|openServerDatabase\(|startServerWithOwnDatabase\(/.test(file.source))
      .map((file) => file.name);
    expect(skipping.sort()).toEqual(STILL_POSTGRES_ONLY);
  });

  it("lets exactly the listed files use describePostgresOnly", () => {
    const users = files.filter((file) => file.source.includes("describePostgresOnly(")).map((file) => file.name);
    expect(users.sort()).toEqual([...POSTGRES_ONLY_FILES].sort());
  });
});
