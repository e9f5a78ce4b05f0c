// npm run deploy:local [-- --instances 2 --port 8080 --prometheus-port 9090]
// The production recipe on this machine: nginx in front of N instances on the local Postgres
// (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/prizes_local), and Prometheus scraping them with
// the recipe's alert rules when the `prometheus` binary is installed (scripts/ensure-prometheus.sh). Ctrl+C
// stops everything.
import { existsSync } from "node:fs";
import { positiveOption } from "./bench-support";
import { findPrometheus, startLocalDeployment } from "./local-deployment";

if (existsSync(".env")) process.loadEnvFile(".env");
const instances = positiveOption("instances", 2);
const port = positiveOption("port", 8080);
const prometheusPort = positiveOption("prometheus-port", 9090);
const databaseUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/prizes_local";

async function main(): Promise<void> {
  const deployment = await startLocalDeployment({
    databaseUrl,
    instances,
    port,
    workDir: ".tmp/deploy-local",
    output: "inherit",
    prometheus: { port: prometheusPort, scrapeInterval: "5s" },
  });
  console.log(`\nnginx at ${deployment.url} in front of ${instances} instances (${deployment.instanceUrls.join(", ")}),`);
  console.log(`all on ${databaseUrl.replace(/:[^:@/]*@/, ":***@")}. Admin: ${deployment.url}/admin/login.`);
  if (deployment.prometheus) {
    console.log(
      `Prometheus at ${deployment.prometheus.url} (alerts: ${deployment.prometheus.url}/alerts), scraping every instance's /metrics;`,
    );
    console.log(`the token is in .tmp/deploy-local/metrics-token. Dashboard for Grafana: deploy/grafana-dashboard.json.`);
  } else if (!findPrometheus()) {
    console.log("Prometheus is not installed, so not started (scripts/ensure-prometheus.sh, or apt-get install prometheus).");
  }
  console.log("Ctrl+C stops everything.\n");
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
