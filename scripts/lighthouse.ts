// npm run bench:lighthouse [-- --runs 3]
// How heavy the app is on a phone, by Google's own measure: Lighthouse (its defaults: a mobile phone, simulated
// throttling) on the signed-in dashboard (/admin/dashboard, where /admin leads) and on a visitor's product page with a prize waiting. Runs
// the production build (`npm run build` first) on a fresh Postgres database `prize_bench_lighthouse`
// (TEST_POSTGRES_URL picks the server) with the demo seed, signs in as an organiser (Lighthouse sends the
// session's cookies with every request), and drives Debian's Chromium headless shell (CHROMIUM_PATH to change;
// scripts/ensure-chromium.sh installs it), a fresh browser each run. The two pages take turns, `--runs` each; prints each run's
// performance score, total blocking time, largest contentful paint, accessibility score and unused script,
// then the medians, with the load average before and after (the score moves with a busy neighbour's CPU).
// Each run's full report is kept in .tmp/lighthouse/ (open it in https://googlechrome.github.io/lighthouse/viewer/).
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Result as LighthouseReport } from "lighthouse";
import postgres from "postgres";
import { startServer } from "../tests/support/app-server";
import { CHROMIUM_PATH } from "../tests/support/chromium";
import { signedInClient } from "../tests/support/http-client";
import { freshBenchDatabase, positiveOption } from "./bench-support";

const RUNS = positiveOption("runs", 3);
const DATABASE = "prize_bench_lighthouse";
const ADMIN = { name: "lighthouse", password: "lighthouse-admin-password" };
const REPORTS = path.resolve(".tmp/lighthouse");
/**
 * Lighthouse's own command line, run by plain Node: its Node API inside this tsx process fails, as tsx
 * compiles Lighthouse's code too and adds a helper (`__name`) to the functions Lighthouse runs in the page.
 */
const LIGHTHOUSE_CLI = createRequire(import.meta.url).resolve("lighthouse/cli/index.js");

type Figures = { performance: number; tbt: number; lcp: number; accessibility: number; unusedScriptKiB: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

/** A page of the demo seed where a prize waits (a live placement), as a visitor's QR code leads to it. */
async function visitorPagePath(databaseUrl: string): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [page] = await sql<{ url_path: string }[]>`
      select p.url_path from products p join prize_placements pp on pp.product_id = p.id and pp.is_active
      order by p.id limit 1`;
    if (!page) throw new Error("The demo seed placed no prize on a page");
    return `/p/${page.url_path}`;
  } finally {
    await sql.end();
  }
}

/** One Lighthouse run with its defaults (a phone, simulated throttling) in a fresh headless browser. */
async function audit(url: string, cookie: string | undefined, reportFile: string): Promise<Figures> {
  const args = [
    LIGHTHOUSE_CLI,
    url,
    "--quiet",
    "--only-categories=performance,accessibility",
    "--output=json",
    `--output-path=${reportFile}`,
    "--chrome-flags=--headless=new --no-sandbox",
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  await promisify(execFile)(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024 });
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as LighthouseReport;
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const score = (category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    tbt: report.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    lcp: report.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    accessibility: score("accessibility"),
    unusedScriptKiB:
      ((report.audits["unused-javascript"]?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0) / 1024,
  };
}

const line = (label: string, f: Figures) =>
  `${label.padEnd(14)} performance ${String(f.performance).padStart(3)}   TBT ${f.tbt.toFixed(0).padStart(5)} ms   LCP ${(f.lcp / 1000).toFixed(2).padStart(5)} s   accessibility ${String(f.accessibility).padStart(3)}   unused script ${f.unusedScriptKiB.toFixed(0).padStart(4)} KiB`;

async function main() {
  const databaseUrl = await freshBenchDatabase(DATABASE);
  const env = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: "lighthouse-bench-secret-0123456789abcdef-0123",
    ADMIN_NAME: ADMIN.name,
    ADMIN_PASSWORD: ADMIN.password,
  };
  // The demo seed migrates the database and adds its pictured pages, prizes and placements.
  execFileSync("npm", ["run", "--silent", "demo:seed"], { env: { ...process.env, ...env }, stdio: "ignore" });
  const visitorPath = await visitorPagePath(databaseUrl);
  const server = await startServer(env);
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  try {
    const admin = await signedInClient(server.url, ADMIN);
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const pages = [
      // /admin's own address: it redirects here, and Chrome does not carry a cookie given as a header over a redirect.
      { label: "dashboard", url: `${server.url}/admin/dashboard`, cookie },
      { label: "visitor page", url: `${server.url}${visitorPath}`, cookie: undefined },
    ];
    // One unmeasured load of each: the server's first render of a route compiles nothing, but warms its caches.
    for (const page of pages) await fetch(page.url, { headers: page.cookie ? { cookie: page.cookie } : {} });
    console.log(`Lighthouse ${RUNS} runs each (mobile, simulated throttling), load average at start ${load()}`);
    const figures = new Map<string, Figures[]>(pages.map((page) => [page.label, []]));
    for (let run = 1; run <= RUNS; run += 1) {
      for (const page of pages) {
        const report = path.join(REPORTS, `${page.label.replace(" ", "-")}-${run}.json`);
        const result = await audit(page.url, page.cookie, report);
        figures.get(page.label)!.push(result);
        console.log(`${line(`${page.label} ${run}`, result)}   (load ${load()})`);
      }
    }
    console.log(`\nMedians of ${RUNS}:`);
    for (const [label, runs] of figures) {
      const pick = (key: keyof Figures) => median(runs.map((run) => run[key]));
      console.log(
        line(label, {
          performance: pick("performance"),
          tbt: pick("tbt"),
          lcp: pick("lcp"),
          accessibility: pick("accessibility"),
          unusedScriptKiB: pick("unusedScriptKiB"),
        }),
      );
    }
    console.log(`Load average at the end ${load()}; reports in ${path.relative(process.cwd(), REPORTS)}/`);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
