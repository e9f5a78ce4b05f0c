// A browser-test server's embedded database, fresh for the run: `node tests/e2e/support/fresh-data.mjs <run> <dir>`
// (playwright.config.ts's web servers, before `node server.mjs`). The first server of the run seeds a template
// with the demo seed (tsx start-up, migrations, six pictures: the slow part of a start); every server then
// starts on a copy of it. PGlite allows one process per directory, so each has a copy of its own.
import { execSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const [run, dataDir] = process.argv.slice(2);
if (!run || !dataDir) throw new Error("usage: fresh-data.mjs <run id> <data directory>");
const root = path.resolve(".tmp/e2e-data");
const template = path.join(root, `template-${run}`);
const seeded = `${template}.seeded`;
mkdirSync(root, { recursive: true });

let seeder = false;
try {
  mkdirSync(`${template}.lock`);
  seeder = true;
} catch {
  // Another server of this run is seeding it.
}
if (seeder) {
  for (const entry of readdirSync(root)) {
    if (entry.startsWith("template-") && !entry.startsWith(`template-${run}`))
      rmSync(path.join(root, entry), { recursive: true, force: true });
  }
  execSync("npm run --silent demo:seed", { env: { ...process.env, DATA_DIR: template, DATABASE_URL: "" }, stdio: "inherit" });
  writeFileSync(seeded, "");
} else {
  const deadline = Date.now() + 110_000;
  while (!existsSync(seeded)) {
    if (Date.now() > deadline) throw new Error(`No seeded template at ${template} after 110 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
rmSync(dataDir, { recursive: true, force: true });
cpSync(template, dataDir, { recursive: true });
