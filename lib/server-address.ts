import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The address the server last started with, kept in DATA_DIR: `npm run demo:seed` (run while the embedded
 * server is stopped, or from another shell) prints its links with it, so a server started with PORT=3200
 * is not announced as localhost:3000.
 */
const FILE = "server-address";

export function recordServerAddress(dataDir: string, url: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, FILE), `${url}\n`);
  } catch {
    // Only a convenience for the demo seed's printout: a read-only folder must not stop the server.
  }
}

export function lastServerAddress(dataDir: string): string | null {
  try {
    return readFileSync(path.join(dataDir, FILE), "utf8").trim() || null;
  } catch {
    return null;
  }
}
