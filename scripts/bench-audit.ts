// The audit log's part of `npm run bench:admin`: 100,000 rows to list, and what the audit row adds to a
// hand-over at the prize desk.
import postgres from "postgres";
import type { TestClient } from "../tests/support/http-client";

/**
 * Rows spread over 10 accounts, every action kind, 1,000 winners' histories; each of `events` events gets its
 * share over its own three days (event 1's from 2026-04-24, each next event's a week later, as bench-admin's
 * winners). Sign-ins are the installation's (no event), as everywhere: an owner's list shows them beside the event's.
 */
export async function seedAudit(sql: postgres.Sql, rows: number, events: number) {
  const perEvent = Math.ceil(rows / events);
  await sql`insert into audit_log (event_id, at, account_id, account_name, account_role, action, target_type, target_id, target_name, changes, address)
    select case when action like 'auth.%' then null else 1 + (n - 1) / ${perEvent} end, at, account_id, account_name, account_role,
      action, 'winner', (1 + n % 1000)::text, 'nick' || (1 + n % 1000) || ' (Prize ' || (1 + n % 20) || ')',
      jsonb_build_object('is_received', jsonb_build_object('before', false, 'after', true)), '10.0.0.' || (n % 250)
    from (select n, timestamptz '2026-04-24 09:00+09' + ((n - 1) / ${perEvent}) * interval '7 days'
          + ((n - 1) % ${perEvent}) * (interval '3 days' / ${perEvent}) as at,
        1 + n % 10 as account_id, 'staff' || (n % 10) as account_name, (array['owner','manager','desk','viewer'])[1 + n % 4] as account_role,
        (array['winner.mark_received','winner.cancel_received','prize.update','product.update','auth.sign_in'])[1 + n % 5] as action
      from generate_series(1, ${rows}) n) a`;
}

export const auditListPaths = (day: string): [string, string][] => [
  ["audit, page 1", "/api/admin/audit/"],
  ["audit, page 500", "/api/admin/audit/?page=500"],
  ["audit, by account", "/api/admin/audit/?account=staff3"],
  ["audit, by action", "/api/admin/audit/?action=prize.update"],
  ["audit, one winner", "/api/admin/audit/?target=winner:421"],
  // One winner's nickname (100 rows match), and a broad term that 1,100 rows match.
  ["audit, search a nickname", "/api/admin/audit/?search=nick421%20("],
  ["audit, search broad", "/api/admin/audit/?search=nick42"],
  ["audit, one day", `/api/admin/audit/?start_date=${day}&end_date=${day}`],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/**
 * What writing the audit row adds to a mark-received. The database part is timed directly, on winners not
 * yet received, alternating: the hand-over as it was before the audit log (one UPDATE, then the row read
 * back), and as it is now (BEGIN, the UPDATE returning the row, the audit INSERT, COMMIT). The whole call is
 * then timed through the server (session, role, the same transaction, JSON). The row's share is the database
 * difference over the call's time without it.
 */
export async function measureMarkReceived(url: string, admin: TestClient, requests: number, timeZone: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connection: { TimeZone: timeZone } });
  const open = await sql<{ id: number }[]>`select id from winners where not is_received order by id limit ${requests * 3}`;
  const ids = open.map((row) => row.id);
  const columns = sql`id, name, password, prize_id, product_id, prize_name, product_name, created_at, is_received, received_at`;
  const without: number[] = [];
  const withRow: number[] = [];
  for (let index = 0; index < requests; index += 1) {
    let started = performance.now();
    const plain = ids[2 * index]!;
    await sql`update winners set is_received = true, received_at = now() where id = ${plain} and not is_received returning id`;
    await sql`select ${columns} from winners where id = ${plain}`;
    without.push(performance.now() - started);
    started = performance.now();
    const audited = ids[2 * index + 1]!;
    await sql.begin(async (tx) => {
      const [row] =
        await tx`update winners set is_received = true, received_at = now() where id = ${audited} and not is_received returning ${columns}`;
      await tx`insert into audit_log (account_id, account_name, account_role, action, target_type, target_id, target_name, changes, address)
        values (1, 'bench', 'owner', 'winner.mark_received', 'winner', ${String(audited)}, ${`${row!.name} (${row!.prize_name})`},
          ${sql.json({ is_received: { before: false, after: true }, received_at: { before: null, after: String(row!.received_at) } })}, '127.0.0.1')`;
    });
    withRow.push(performance.now() - started);
  }
  await sql.end();
  const calls: number[] = [];
  for (const id of ids.slice(2 * requests, 3 * requests)) {
    const started = performance.now();
    const response = await admin.post(`/api/winners/${id}/mark_received/`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`mark_received answered ${response.status}`);
    calls.push(performance.now() - started);
  }
  const added = median(withRow) - median(without);
  const call = median(calls);
  console.log(`\nmark-received, ${requests} each (medians):`);
  console.log(`database, as before the audit log   ${median(without).toFixed(2).padStart(6)} ms`);
  console.log(`database, with the audit row        ${median(withRow).toFixed(2).padStart(6)} ms`);
  console.log(`the whole call through the server   ${call.toFixed(2).padStart(6)} ms`);
  console.log(`the audit row adds ${added.toFixed(2)} ms: ${((100 * added) / (call - added)).toFixed(1)}% of the call without it`);
}
