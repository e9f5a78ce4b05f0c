// `output: "standalone"` leaves static assets, public/ and our SQL migrations out of .next/standalone;
// copy them beside server.js so the folder runs on its own (and in the Docker image).
import { cpSync, existsSync } from "node:fs";

const target = ".next/standalone";
if (!existsSync(`${target}/server.js`)) {
  console.error("No .next/standalone/server.js: run `next build` first.");
  process.exit(1);
}
cpSync(".next/static", `${target}/.next/static`, { recursive: true });
// public/ is optional: a checkout without static files still builds.
if (existsSync("public")) cpSync("public", `${target}/public`, { recursive: true });
cpSync("drizzle", `${target}/drizzle`, { recursive: true });
