"use client";

import { useEffect, useState } from "react";
import { ApiError } from "@/lib/client/api";
import { readDisplaySnapshot } from "@/lib/client/display";
import type { DisplaySnapshot } from "@/shared/contracts/display";
import { displayEventsPath } from "@/shared/urls/display";

export type LiveState = "live" | "reconnecting" | "ended";

/** The server pings every 15 s (lib/display/live.ts): three missed pings mean a dead connection. */
const SILENCE_MS = 45_000;
/** After the browser gives a stream up (an error status, e.g. 502 while the server restarts). */
const REOPEN_AFTER_MS = 3_000;

/**
 * The big screen's snapshot, kept current by the server's event stream. EventSource reconnects by itself
 * after a dropped connection (a server restart: the stream ends, `retry: 1000`); it gives up on an error
 * status, so then a new one is opened after REOPEN_AFTER_MS, unless the address itself is gone (a rotated
 * token: 404), and a stream silent for SILENCE_MS (a network cut that left a half-open socket) is
 * replaced. So a screen runs all day without a reload.
 */
export function useLiveSnapshot(token: string, initial: DisplaySnapshot): { snapshot: DisplaySnapshot; state: LiveState } {
  const [snapshot, setSnapshot] = useState(initial);
  const [state, setState] = useState<LiveState>("live");

  useEffect(() => {
    let source: EventSource | null = null;
    let silence: ReturnType<typeof setTimeout> | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let done = false;

    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => open(), SILENCE_MS);
    };
    const open = () => {
      source?.close();
      clearTimeout(reopen);
      if (done) return;
      source = new EventSource(displayEventsPath(token));
      heard();
      source.onopen = () => setState("live");
      source.onmessage = (event) => {
        heard();
        setSnapshot(JSON.parse(event.data) as DisplaySnapshot);
        setState("live");
      };
      source.addEventListener("ping", heard);
      source.onerror = () => {
        setState("reconnecting");
        if (source?.readyState === EventSource.CLOSED) reopen = setTimeout(() => void reopenUnlessGone(), REOPEN_AFTER_MS);
      };
    };
    const reopenUnlessGone = async () => {
      const gone = await readDisplaySnapshot(token).then(
        () => false,
        (error: unknown) => error instanceof ApiError && error.status === 404,
      );
      if (gone) {
        done = true;
        clearTimeout(silence);
        setState("ended");
        return;
      }
      open();
    };

    open();
    return () => {
      done = true;
      source?.close();
      clearTimeout(silence);
      clearTimeout(reopen);
    };
  }, [token]);

  return { snapshot, state };
}
