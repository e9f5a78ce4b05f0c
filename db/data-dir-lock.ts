import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * PGlite silently corrupts its data when two processes open one directory, so the embedded database
 * takes an exclusive lock file first. The file records the owner's pid and its start time (from /proc
 * where available), so a lock left by a killed process, or by a pid reused after a container restart,
 * is recognised as stale and taken over.
 */

export class DataDirInUseError extends Error {}

function processStartTime(pid: number): string | undefined {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so split after its ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function isOwnerAlive(owner: string): boolean {
  const [pidText, startTime] = owner.trim().split(":");
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return !startTime || startTime === processStartTime(pid);
}

function ownerId(): string {
  const startTime = processStartTime(process.pid);
  return startTime ? `${process.pid}:${startTime}` : String(process.pid);
}

/**
 * Takes the directory's lock and returns its release: on close, so that another process (or this one) may
 * open the directory next; at exit too, should the database never be closed.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "pglite.lock");
  const me = ownerId();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, me);
      closeSync(fd);
      const release = () => {
        process.off("exit", release);
        try {
          if (readFileSync(lockFile, "utf8") === me) unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let owner = "";
    try {
      owner = readFileSync(lockFile, "utf8");
    } catch {
      continue; // Released between our attempt and the read: try again.
    }
    if (owner === me) {
      throw new DataDirInUseError(`The embedded database in ${dataDir} is already open in this process; open it once.`);
    }
    if (isOwnerAlive(owner)) {
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is already open in process ${owner.split(":")[0]}. ` +
          "Two processes on one PGlite directory corrupt it: stop the other process, set DATA_DIR to another " +
          "directory, or set DATABASE_URL to use Postgres.",
      );
    }
    try {
      unlinkSync(lockFile); // Stale: its owner is gone.
    } catch {
      // Another process removed it first; the next attempt decides.
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database directory ${dataDir}; try again.`);
}
