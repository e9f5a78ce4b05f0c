// `output: "standalone"` leaves static assets, public/ and our SQL migrations out of .next/standalone;
// copy them beside server.js so the folder runs on its own (and in the Docker image).
import { cpSync, existsSync } from "node:fs";

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
