/** "Start a new event" (server-behaviour.md, "A new event"): the archive download and the start, on top of `apiFetch`. */

import type { StartNewEventBody } from "@/lib/validation/new-event";
import type { EventStatus, NewEventSummary } from "@/shared/contracts/new-event";
import { ApiError, apiFetch } from "./api";

const EVENT_ARCHIVE_PATH = "/api/admin/event/archive/";

/** Visitors playing right now and winners: what the owner is told before confirming. */
export const eventStatusApi = {
  key: ["event-status"] as const,
  get(signal?: AbortSignal): Promise<EventStatus> {
    return apiFetch("/api/admin/event/status/", { signal });
  },
};

export function startNewEvent(body: StartNewEventBody): Promise<NewEventSummary & { detail: string }> {
  return apiFetch("/api/admin/event/start_new/", { method: "POST", json: body });
}

/** How far the archive has come: `received` bytes of `total` (null while unknown: still being built, or compressed). */
export type ArchiveProgress = { received: number; total: number | null };

/**
 * Downloads the archive as a Blob, reporting bytes as they arrive, and names it as the server did
 * (`event-YYYYMMDD.zip`). A refusal or failure throws an ApiError with the server's `{detail}`.
 */
export async function downloadEventArchive(onProgress: (progress: ArchiveProgress) => void): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(EVENT_ARCHIVE_PATH, { credentials: "include", cache: "no-store" });
  } catch {
    throw new ApiError(0, null, "Network error");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
    throw new ApiError(response.status, body && typeof body === "object" ? body : null);
  }
  const length = Number(response.headers.get("Content-Length"));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "");
  return { blob: new Blob(chunks, { type: "application/zip" }), fileName: named?.[1] ?? "event.zip" };
}
