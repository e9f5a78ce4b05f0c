import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` uses this: it diffs db/schema against drizzle/ and writes SQL.
// The app applies the SQL itself at start-up (db/migrate.ts), so no database URL is needed here.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./drizzle",
  casing: "snake_case",
});
