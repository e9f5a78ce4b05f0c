import postgres from "postgres";
import { afterAll, beforeAll, expect, inject } from "vitest";

/**
 * Every integration file leaves the shared server's settings as it found them (a setup file: it runs around
 * each file). A setting left behind changes the files after it, in an order that depends on the run: an event
 * period left in May had the retention sweep erase every later file's fresh wins within 20 s, which showed only
 * as a rare 409 "expired" at a hand-over (docs/testing.md). Not compared: the columns the server moves by
 * itself, and the big screen's token (rotating it cannot be undone, and every file reads it afresh).
 * On PGlite (no `databaseUrl`: the data belongs to the server process alone) there is nothing to read.
 */
const NOT_COMPARED = new Set(["updated_at", "branding_updated_at", "privacy_notice_changed_at", "display_token"]);

let sql: postgres.Sql | null = null;
let before: Record<string, unknown> | null = null;

async function readSettings(connection: postgres.Sql): Promise<Record<string, unknown>> {
  const [row] = await connection`select * from settings where id = 1`;
  return Object.fromEntries(Object.entries(row ?? {}).filter(([column]) => !NOT_COMPARED.has(column)));
}

beforeAll(async () => {
  const url = inject("databaseUrl");
  if (!url) return;
  sql = postgres(url, { max: 1, onnotice: () => {} });
  before = await readSettings(sql);
});

afterAll(async () => {
  if (!sql || !before) return;
  try {
    const after = await readSettings(sql);
    const changed = Object.keys(before).filter((column) => JSON.stringify(before![column]) !== JSON.stringify(after[column]));
    expect(
      Object.fromEntries(changed.map((column) => [column, { before: before![column], after: after[column] }])),
      "settings this file changed on the shared server and did not put back",
    ).toEqual({});
  } finally {
    await sql.end({ timeout: 1 });
    sql = null;
    before = null;
  }
});
