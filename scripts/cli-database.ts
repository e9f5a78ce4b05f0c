import { existsSync } from "node:fs";
import type { DatabaseHandle } from "@/db";
import { DataDirInUseError } from "@/db/data-dir-lock";
import { migrateDatabase } from "@/db/migrate";
import { ConfigError, getConfig } from "@/lib/config";
import { getDatabase } from "@/lib/database";

/** Opens and migrates the configured database for a command-line script, or explains why it cannot. */
export async function openCliDatabase(): Promise<DatabaseHandle> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  try {
    const config = getConfig();
    const handle = getDatabase();
    await migrateDatabase(config.database, handle);
    return handle;
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      exitWith(`${error.message}\nWith the embedded database, stop the server (Ctrl+C) before running this command.`);
    }
    if (error instanceof ConfigError) exitWith(error.message);
    throw error;
  }
}

export function exitWith(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}
