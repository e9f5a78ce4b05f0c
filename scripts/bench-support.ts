// What the benchmark scripts share: their numeric options and a fresh database of their own.
import postgres from "postgres";
import { ADMIN_POSTGRES_URL } from "../tests/support/test-database";

/** `--name N` from the command line: a positive whole number, or `fallback` when absent. */
export function positiveOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index > 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

/** Drops and creates `name` on the local Postgres (TEST_POSTGRES_URL to change) and returns its URL. */
export async function freshBenchDatabase(name: string): Promise<string> {
  const server = postgres(ADMIN_POSTGRES_URL, { max: 1, onnotice: () => {} });
  await server.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await server.unsafe(`CREATE DATABASE ${name}`);
  await server.end();
  const url = new URL(ADMIN_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
