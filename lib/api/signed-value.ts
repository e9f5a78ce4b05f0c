import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "@/lib/config";

/**
 * Values the server hands out in cookies and must recognise as its own when they come back (the visitor's
 * id, an admin's device): `value.signature`, an HMAC-SHA256 under AUTH_SECRET, keyed by what the value is
 * for, so one kind can never pass as another. A client can keep or drop such a value, never make one up.
 */
export type SignedPurpose = "visitor" | "admin-device";

const SIGNATURE_LENGTH = 43; // base64url of 32 bytes

function signature(purpose: SignedPurpose, value: string): string {
  return createHmac("sha256", getConfig().authSecret).update(`${purpose}\n${value}`).digest("base64url");
}

export function signValue(purpose: SignedPurpose, value: string): string {
  return `${value}.${signature(purpose, value)}`;
}

/** The value inside `signed` if the server signed it for this purpose; undefined for anything else. */
export function verifiedValue(purpose: SignedPurpose, signed: string | undefined): string | undefined {
  if (!signed || signed.length > 512) return undefined;
  const dot = signed.lastIndexOf(".");
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  if (dot < 1 || given.length !== SIGNATURE_LENGTH) return undefined;
  return timingSafeEqual(given, Buffer.from(signature(purpose, value))) ? value : undefined;
}
