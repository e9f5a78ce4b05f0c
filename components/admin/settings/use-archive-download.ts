"use client";

import { useState } from "react";
import { errorMessage } from "@/lib/client/api";
import { saveBlob } from "@/lib/client/download";
import { type ArchiveProgress, downloadEventArchive } from "@/lib/client/new-event";

export type ArchiveDownload =
  | { state: "idle" }
  | { state: "downloading"; progress: ArchiveProgress }
  | { state: "saved"; fileName: string }
  | { state: "failed"; message: string };

/** The event's archive (optional before a new event: the closed event keeps everything), fetched with its progress and saved as the server named it. */
export function useArchiveDownload(failureFallback: string) {
  const [download, setDownload] = useState<ArchiveDownload>({ state: "idle" });

  async function start() {
    if (download.state === "downloading") return;
    setDownload({ state: "downloading", progress: { received: 0, total: null } });
    try {
      const { blob, fileName } = await downloadEventArchive((progress) => setDownload({ state: "downloading", progress }));
      saveBlob(blob, fileName);
      setDownload({ state: "saved", fileName });
    } catch (error) {
      setDownload({ state: "failed", message: errorMessage(error, failureFallback) });
    }
  }

  return { download, start };
}
