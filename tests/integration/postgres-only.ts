import path from "node:path";
import { describe, inject } from "vitest";
import { getCurrentSuite } from "vitest/suite";

/**
 * The integration files that mean nothing on one embedded connection, so they run on Postgres only (CI always
 * has it): several instances on one database (storms across them, SKIP LOCKED sweeps), a second session holding a
 * lock the server waits on, a Postgres server that stops or slows, a connection's own plan cache, a storm of 300 phones that on one
 * connection only queues. Every other file runs on PGlite too.
 * tests/unit/integration-backends.test.ts checks that only these files use describePostgresOnly.
 */
export const POSTGRES_ONLY_FILES = [
  "claims-race.test.ts",
  "database-outage.test.ts",
  "funnel.test.ts",
  "organiser-under-storm.test.ts",
  "overload-lane.test.ts",
  "postgres-sessions.test.ts",
  "resilience.test.ts",
  "several-instances.test.ts",
] as const;

/**
 * `describe` on Postgres. On PGlite the suite is collected but skipped, and one line says how many of the
 * file's tests did not run, so a PGlite run never looks complete when it was not. `file`: import.meta.filename.
 * The suite's tests are counted as declared directly in it (no nested describe in these files).
 */
export function describePostgresOnly(file: string, name: string, suite: () => void) {
  const base = path.basename(file);
  if (!(POSTGRES_ONLY_FILES as readonly string[]).includes(base)) {
    throw new Error(`${base} uses describePostgresOnly but is not listed in tests/integration/postgres-only.ts`);
  }
  if (inject("databaseUrl") !== null) return describe(name, () => suite());
  return describe.skip(name, () => {
    suite();
    const declared = getCurrentSuite().tasks.length;
    console.warn(`postgres-only group: ${declared} tests in ${base} not run (no Postgres)`);
  });
}
