"use client";

import { useState } from "react";
import { errorMessage } from "@/lib/client/api";
import { saveBlob } from "@/lib/client/download";
import { type ArchiveProgress, downloadEventArchive } from "@/lib/client/new-event";

export type ArchiveDownload =
  | { state: "idle" }
  | { state: "downloading"; progress: ArchiveProgress }
  /** `cutoff`: the id of the archive's newest winner, sent back with the reset. */
  | { state: "saved"; fileName: string; cutoff: number | null }
  /** A reset said wins came after this archive: it must be taken again. */
  | { state: "outdated"; message: string }
  | { state: "failed"; message: string };

/** Step 1 of "Start a new event": the archive, fetched with its progress and saved as the server named it. */
export function useArchiveDownload(failureFallback: string) {
  const [download, setDownload] = useState<ArchiveDownload>({ state: "idle" });

  async function start() {
    if (download.state === "downloading") return;
    setDownload({ state: "downloading", progress: { received: 0, total: null } });
    try {
      const { blob, fileName, cutoff } = await downloadEventArchive((progress) => setDownload({ state: "downloading", progress }));
      saveBlob(blob, fileName);
      setDownload({ state: "saved", fileName, cutoff });
    } catch (error) {
      setDownload({ state: "failed", message: errorMessage(error, failureFallback) });
    }
  }

  /** The server refused a reset with this archive: show why, and offer the download again. */
  function outdated(message: string) {
    setDownload({ state: "outdated", message });
  }

  return { download, start, outdated };
}
