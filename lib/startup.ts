import { sql } from "drizzle-orm";
import { DataDirInUseError } from "@/db/data-dir-lock";
import { migrateDatabase } from "@/db/migrate";
import { readMetricsSnapshot } from "@/db/queries/metrics";
import { ConfigError, getConfig } from "@/lib/config";
import { getDatabase } from "@/lib/database";
import { defaultEventId, followEventTimeZone } from "@/lib/event/time-zone";
import { startFunnelFlusher } from "@/lib/funnel/flusher";
import { log } from "@/lib/log";
import { startMetrics } from "@/lib/metrics/registry";
import { recordServerAddress } from "@/lib/server-address";
import { ensureInitialAdmin } from "@/lib/services/admins/ensure-initial";
import { startMaintenanceTicker } from "@/lib/services/placements/maintenance-tick";
import { startRetentionSweeper } from "@/lib/services/privacy/retention";
import { startWebhookDelivery } from "@/lib/services/webhooks/deliver";
import { startExpirySweeper } from "@/lib/services/winners/expire";
import { closeUnderAnyServer, onShutdown } from "@/lib/shutdown";

/** Explains in one line what is wrong and stops: a half-configured server must not start. */
function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

/**
 * Start-up: configuration, database lock and migrations, the first admin, the maintenance tick, then
 * one line that says where the app is and how to sign in.
 */
export async function startUp(): Promise<void> {
  let config: ReturnType<typeof getConfig>;
  try {
    config = getConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  let database: ReturnType<typeof getDatabase>;
  try {
    database = getDatabase();
    await migrateDatabase(config.database, database);
  } catch (error) {
    if (error instanceof DataDirInUseError) fail(error.message);
    const where =
      config.database.kind === "postgres" ? "the Postgres server in DATABASE_URL" : `the embedded database in ${config.dataDir}`;
    fail(`Could not open ${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    // "Today" is computed by Postgres in this zone (db/prize-rules.ts): it must know the name.
    await database.db.execute(sql`select now() at time zone ${config.timeZone}`);
  } catch {
    fail(`APP_TIMEZONE: the database does not know the time zone "${config.timeZone}"; use an IANA name such as Asia/Seoul.`);
  }
  const admin = await ensureInitialAdmin({ ctx: { db: database.db, eventId: defaultEventId() }, input: config.initialAdmin });
  // The event's clock before the first request, then once a second (lib/event/time-zone.ts).
  const clock = await followEventTimeZone();
  const ticker = startMaintenanceTicker(() => database.db);
  const expiry = startExpirySweeper(() => database.db);
  // Privacy (server-behaviour.md, "Privacy"): winners' data erased within a minute of its retention's end.
  const retention = startRetentionSweeper(() => database.db);
  const funnel = startFunnelFlusher(() => database.db);
  // Webhook messages (server-behaviour.md, "Webhooks"): every instance delivers, leases keep them apart.
  const webhooks = startWebhookDelivery(() => database.db);
  // The gauges read on the organiser's connections: a crowd filling the visitors' pool is not an outage.
  startMetrics({ readDatabase: () => readMetricsSnapshot({ db: database.organiserDb }), token: config.metricsToken });
  onShutdown(async () => {
    ticker.stop();
    expiry.stop();
    retention.stop();
    webhooks.stop();
    clock.stop();
    await funnel.stop();
    await database.close();
  });
  closeUnderAnyServer();
  const url = config.publicBaseUrl ?? `http://localhost:${config.port}`;
  recordServerAddress(config.dataDir, url);
  const storage = config.database.kind === "postgres" ? "Postgres (DATABASE_URL)" : `embedded database in ${config.dataDir}`;
  if (config.logFormat === "json") {
    log("info", "Prize giveaway is running", { url, storage, admin, signIn: `${url}/admin/login` });
    return;
  }
  console.log(`\nPrize giveaway is running at ${url} on the ${storage}.`);
  if (admin === "none") {
    const stopFirst = config.database.kind === "embedded" ? "stop this server (Ctrl+C), then run\n" : "run\n";
    console.log(
      `No admin account exists yet. To create one, ${stopFirst}` +
        "  npm run admin -- create <name>        (asks for the password)\n" +
        "or restart with ADMIN_NAME and ADMIN_PASSWORD set.\n",
    );
  } else {
    console.log(`Sign in at ${url}/admin/login${admin === "created" ? ` as "${config.initialAdmin?.name}"` : ""}.\n`);
  }
}
