import type { Db } from "@/db";

/**
 * `make(db)` once per database handle, kept as long as the handle is: for prepared statements, which
 * belong to the handle they were prepared on (tests open several handles; one dropped takes its own along).
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
