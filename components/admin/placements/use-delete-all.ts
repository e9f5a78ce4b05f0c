"use client";

import type { useTranslations } from "next-intl";
import { useState } from "react";
import { ApiError } from "@/lib/client/api";
import { placementsApi } from "@/lib/client/placements";

/** Spec: delete-all sends the deletes ten at a time, so the server is never flooded and progress shows. */
const DELETE_BATCH_SIZE = 10;

export type DeleteAllProgress = { done: number; total: number };
export type DeleteAllOutcome = { deleted: number; held: number; failed: number };

/**
 * Deletes every placement, batch after batch, counting what went, what a visitor was holding (409: left
 * in place) and what failed otherwise. A placement already gone (404) counts as deleted.
 */
export function useDeleteAllPlacements() {
  const [progress, setProgress] = useState<DeleteAllProgress | null>(null);

  async function run(): Promise<DeleteAllOutcome> {
    const outcome: DeleteAllOutcome = { deleted: 0, held: 0, failed: 0 };
    setProgress({ done: 0, total: 0 });
    try {
      const ids = await placementsApi.listAllIds();
      setProgress({ done: 0, total: ids.length });
      for (let start = 0; start < ids.length; start += DELETE_BATCH_SIZE) {
        const batch = ids.slice(start, start + DELETE_BATCH_SIZE);
        const results = await Promise.allSettled(batch.map((id) => placementsApi.remove(id)));
        for (const result of results) {
          if (result.status === "fulfilled") outcome.deleted += 1;
          else if (result.reason instanceof ApiError && result.reason.status === 404) outcome.deleted += 1;
          else if (result.reason instanceof ApiError && result.reason.status === 409) outcome.held += 1;
          else outcome.failed += 1;
        }
        setProgress({ done: Math.min(start + batch.length, ids.length), total: ids.length });
      }
      return outcome;
    } finally {
      setProgress(null);
    }
  }

  return { progress, run };
}

export function deleteAllSummary(
  { deleted, held, failed }: DeleteAllOutcome,
  t: ReturnType<typeof useTranslations<"admin.placements.deleteAll">>,
): string {
  const parts = [t("deleted", { count: deleted })];
  if (held > 0) parts.push(t("held", { count: held }));
  if (failed > 0) parts.push(t("failed", { count: failed }));
  return parts.join(" ");
}
