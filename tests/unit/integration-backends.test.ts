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

  it("lets no other file skip itself or reach Postgres alone", () => {
    const skipping = files
      .filter((file) => !(POSTGRES_ONLY_FILES as readonly string[]).includes(file.name))
      .filter((file) => /\.(runIf|skipIf)\(|openSharedPostgresDatabase\(|startServerWithOwnDatabase\(/.test(file.source))
      .map((file) => file.name);
    expect(skipping).toEqual([]);
  });

  it("lets exactly the listed files use describePostgresOnly", () => {
    const users = files.filter((file) => file.source.includes("describePostgresOnly(")).map((file) => file.name);
    expect(users.sort()).toEqual([...POSTGRES_ONLY_FILES].sort());
  });
});
