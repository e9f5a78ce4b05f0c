// `npm start`: serves the production build (.next/standalone) in this process.
// Reads .env when present, and pins DATA_DIR to an absolute path before server.js changes directory.
import { existsSync } from "node:fs";
import path from "node:path";

const root = process.cwd();
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));

const server = path.join(root, ".next/standalone/server.js");
if (!existsSync(server)) {
  console.error("No production build found. Run `npm run build` first.");
  process.exit(1);
}
process.env.DATA_DIR = path.resolve(root, process.env.DATA_DIR || "data");
process.env.PORT ||= "3000";
process.env.HOSTNAME ||= "0.0.0.0";
process.env.NODE_ENV = "production";
await import(server);
