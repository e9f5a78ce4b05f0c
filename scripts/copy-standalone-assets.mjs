// `output: "standalone"` leaves static assets, public/ and our SQL migrations out of .next/standalone;
// copy them beside server.js so the folder runs on its own (and in the Docker image). Then put the app's
// server entry (scripts/server-entry.cjs, with its compression module) in front of Next.js's server.js.
import { copyFileSync, cpSync, existsSync, readFileSync, renameSync } from "node:fs";

const target = ".next/standalone";
if (!existsSync(`${target}/server.js`)) {
  console.error("No .next/standalone/server.js: run `next build` first.");
  process.exit(1);
}
for (const [from, to] of [
  [".next/static", `${target}/.next/static`],
  ["public", `${target}/public`],
  ["drizzle", `${target}/drizzle`],
]) {
  if (existsSync(from)) cpSync(from, to, { recursive: true });
}
const entry = "scripts/server-entry.cjs";
// Run again without a new build, server.js is already our entry (it says so in its first line): keep the
// next-server.js that the build made.
const ENTRY_MARK = "// The production server's entry";
if (!readFileSync(`${target}/server.js`, "utf8").startsWith(ENTRY_MARK)) renameSync(`${target}/server.js`, `${target}/next-server.js`);
copyFileSync(entry, `${target}/server.js`);
copyFileSync("scripts/server-compression.cjs", `${target}/server-compression.cjs`);
