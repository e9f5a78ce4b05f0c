/** The big screen's calls: its address (admin), and its snapshot (public, by the screen's token). */
import type { DisplayAddress, DisplaySnapshot } from "@/shared/contracts/display";
import { displayApiPath } from "@/shared/urls/display";
import { apiFetch, retryWhileBusy } from "./api";

export const displayApi = {
  key: ["display-address"] as const,
  get(signal?: AbortSignal): Promise<DisplayAddress> {
    return apiFetch("/api/admin/display/", { signal });
  },
  rotate(): Promise<{ token: string; path: string }> {
    return apiFetch("/api/admin/display/rotate_token/", { method: "POST" });
  },
};

/** The screen's snapshot now; an ApiError 404 once its token was rotated away (the screen then says so, in place). */
export function readDisplaySnapshot(token: string): Promise<DisplaySnapshot> {
  return retryWhileBusy(() => apiFetch<DisplaySnapshot>(displayApiPath(token), {}, { redirectOn404: false }));
}

/**
 * How far this screen's clock is behind the server's (ms to add to Date.now()): a fresh snapshot's `now`
 * against the middle of the call that brought it.
 */
export async function readDisplayClockOffset(token: string): Promise<number> {
  let sent = Date.now();
  const snapshot = await retryWhileBusy(() => {
    sent = Date.now();
    return apiFetch<DisplaySnapshot>(displayApiPath(token), {}, { redirectOn404: false });
  });
  return Date.parse(snapshot.now) - (sent + Date.now()) / 2;
}
