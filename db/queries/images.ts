import "server-only";
import { eq } from "drizzle-orm";
import type { Queryable } from "@/db";
import { images } from "@/db/schema";

/** A stored image by its content hash, or null. */
export async function findImage({ db, sha256 }: { db: Queryable; sha256: string }) {
  const [image] = await db.select({ data: images.data, contentType: images.contentType }).from(images).where(eq(images.sha256, sha256));
  return image ?? null;
}
