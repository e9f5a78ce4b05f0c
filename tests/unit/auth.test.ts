import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirInUseError } from "@/db/data-dir-lock";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { newUrlPath } from "@/lib/url-path";
import { tempDir } from "../support/test-database";

describe("password hashing", () => {
  it("verifies the right password only, with a fresh salt each time", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct hors", hash)).toBe(false);
    expect(await hashPassword("correct horse")).not.toBe(hash);
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });
});

describe("embedded data directory lock", () => {
  it("refuses a directory locked by another live process", () => {
    const dir = tempDir("lock-live");
    // The parent of this test process is alive and is not us.
    writeFileSync(path.join(dir, "pglite.lock"), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(`The embedded database in ${dir} is already open in process ${process.ppid}`);
  });

  it("refuses a second open in the same process (one database handle per process)", () => {
    const dir = tempDir("lock-twice");
    acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow("already open in this process");
  });

  it("lets the directory be opened again once the database that held it is closed", () => {
    const dir = tempDir("lock-released");
    const release = acquireDataDirLock(dir);
    release();
    expect(existsSync(path.join(dir, "pglite.lock"))).toBe(false);
    expect(() => acquireDataDirLock(dir)).not.toThrow();
  });

  it("takes over a lock left by a process that is gone, or by a reused pid", () => {
    const dir = tempDir("lock-stale");
    writeFileSync(path.join(dir, "pglite.lock"), "2147480000:1");
    acquireDataDirLock(dir);
    expect(existsSync(path.join(dir, "pglite.lock"))).toBe(true);

    const reused = tempDir("lock-reused");
    writeFileSync(path.join(reused, "pglite.lock"), `${process.ppid}:999999999999`);
    expect(() => acquireDataDirLock(reused)).not.toThrow();
  });
});

describe("url paths", () => {
  it("are 10 characters from an unambiguous alphabet, and do not repeat", () => {
    const paths = new Set(Array.from({ length: 2000 }, newUrlPath));
    expect(paths.size).toBe(2000);
    for (const value of paths) expect(value).toMatch(/^[2-9a-km-zA-HJ-NP-Z]{10}$/);
  });
});
