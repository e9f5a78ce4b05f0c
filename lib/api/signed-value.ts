import { getConfig } from "@/lib/config";
import { type SignedPurpose, signWith, verifiedWith } from "@/server/signed-value.mjs";

/** Signed cookie values under this process's AUTH_SECRET (server/signed-value.mjs says how and why). */
export type { SignedPurpose };

export function signValue(purpose: SignedPurpose, value: string): string {
  return signWith(getConfig().authSecret, purpose, value);
}

/** The value inside `signed` if the server signed it for this purpose; undefined for anything else. */
export function verifiedValue(purpose: SignedPurpose, signed: string | undefined): string | undefined {
  return verifiedWith(getConfig().authSecret, purpose, signed);
}
