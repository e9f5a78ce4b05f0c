import { startServer } from "/work/main/tests/support/app-server";
import { signedInClient, TestClient } from "/work/main/tests/support/http-client";
import { freshBenchDatabase } from "/work/main/scripts/bench-support";
import { spawn } from "node:child_process";
async function main() {
const ADMIN = { name: "probe-organiser", password: "probe-organiser-password-1234" };
const url = await freshBenchDatabase("bench_probe");
const server = await startServer({ DATABASE_URL: url, AUTH_SECRET: "x".repeat(40), ADMIN_NAME: ADMIN.name, ADMIN_PASSWORD: ADMIN.password, DATA_DIR: `/tmp/probe-${process.pid}`, APP_TIMEZONE: "Asia/Seoul" });
const admin = await signedInClient(server.url, ADMIN);
const page = "abcdefghijk";
const attackIndex = process.argv[2] ?? "4";
const measure = async (label: string) => {
  let t = performance.now();
  const r1 = await admin.patch("/api/admin/settings/", { paused: false }); await r1.arrayBuffer();
  const a = performance.now() - t; t = performance.now();
  const r2 = await admin.get("/api/admin/settings/"); await r2.arrayBuffer();
  console.log(`${label}: pause ${r1.status} ${a.toFixed(0)} ms; settings GET ${r2.status} ${(performance.now() - t).toFixed(0)} ms`);
};
for (let i = 0; i < 4; i++) await measure("quiet");
const attacker = spawn("nice", ["-n", "10", process.execPath, "--import", "tsx", "/work/main/scripts/bench-attacks.ts", attackIndex, server.url, page], { stdio: "inherit" });
await new Promise((r) => setTimeout(r, 2000));
for (let i = 0; i < 8; i++) {
  let t = performance.now();
  const r1 = await admin.patch("/api/admin/settings/", { paused: i % 2 === 0 }); await r1.arrayBuffer();
  const a = performance.now() - t; t = performance.now();
  const r2 = await admin.get("/api/admin/session/"); await r2.arrayBuffer();
  const b = performance.now() - t; t = performance.now();
  const r3 = await new TestClient(server.url).get("/api/ping/"); await r3.arrayBuffer();
  const c = performance.now() - t;
  console.log(`pause ${r1.status} ${a.toFixed(0)} ms; session ${r2.status} ${b.toFixed(0)} ms; ping ${r3.status} ${c.toFixed(0)} ms`);
  await new Promise((r) => setTimeout(r, 300));
}
attacker.kill(); await server.stop(); process.exit(0);

}
void main();
