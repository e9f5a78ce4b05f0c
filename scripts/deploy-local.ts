// npm run deploy:local [-- --instances 2 --port 8080]
// The production recipe on this machine: nginx in front of N instances on the local Postgres
// (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/prizes_local). Ctrl+C stops everything.
import { existsSync } from "node:fs";
import { positiveOption } from "./bench-support";
import { startLocalDeployment } from "./local-deployment";

if (existsSync(".env")) process.loadEnvFile(".env");
const instances = positiveOption("instances", 2);
const port = positiveOption("port", 8080);
const databaseUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/prizes_local";

async function main(): Promise<void> {
  const deployment = await startLocalDeployment({ databaseUrl, instances, port, workDir: ".tmp/deploy-local", output: "inherit" });
  console.log(`\nnginx at ${deployment.url} in front of ${instances} instances (${deployment.instanceUrls.join(", ")}),`);
  console.log(`all on ${databaseUrl.replace(/:[^:@/]*@/, ":***@")}. Admin: ${deployment.url}/admin/login. Ctrl+C stops everything.\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await deployment.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error) => {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
