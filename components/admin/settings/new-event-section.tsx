"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useMay } from "@/components/admin/role-context";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmByTyping } from "@/components/ui/confirm-by-typing";
import { NEW_EVENT_ROLES } from "@/lib/auth/roles";
import { errorMessage } from "@/lib/client/api";
import { type ArchiveProgress, type NewEventSummary, startNewEvent } from "@/lib/client/new-event";
import { NEW_EVENT_PHRASE, type PrizeHandling } from "@/lib/validation/new-event";
import { type ArchiveDownload, useArchiveDownload } from "./use-archive-download";

// The section's words, in one place for the translation to come.
const TEXT = {
  title: "Start a new event",
  intro:
    "When this event is over, keep its results and clear the way for the next one. Product pages and their QR codes, the branding and the event's rules stay as they are.",
  archiveStep: "1. Download the archive",
  archiveHint: "One .zip file: the winners, the audit log and the funnel as Excel files, and the products, prizes and placements as JSON.",
  archiveButton: "Download the archive",
  preparing: "Preparing the archive…",
  saved: (fileName: string) => `Saved ${fileName}. Keep it somewhere safe.`,
  archiveFailed: "The archive could not be downloaded. Please try again.",
  prizesStep: "2. The prizes",
  restore: "Keep the prizes, with each one's stock back to its total",
  remove: "Remove the prizes too",
  startStep: "3. Start the new event",
  startHint:
    "Removes every winner, placement and hold, and the day's and hour's counts. Visitors holding a prize are told the event has ended. Maintenance mode is switched off: nothing goes live until you place prizes again.",
  startButton: "Start a new event…",
  confirmTitle: "Start a new event?",
  confirmRestore: "Every winner, placement and hold is removed; the prizes stay, with their stock back to each total.",
  confirmRemove: "Every winner, placement and hold is removed, and every prize.",
  noArchiveYet: "You have not downloaded the archive yet: the winners cannot be brought back afterwards.",
  confirmLabel: "Start the new event",
  busyLabel: "Starting…",
  failed: "The new event could not be started. Nothing was changed.",
  done: (result: NewEventSummary) =>
    `A new event has started: ${plural(result.winners_removed, "winner")} and ${plural(result.placements_removed, "placement")} removed, ` +
    (result.prizes_removed > 0
      ? `${plural(result.prizes_removed, "prize")} removed.`
      : `${plural(result.prizes_restored, "prize")} restocked.`) +
    " Place prizes when you are ready.",
};

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

function progressText({ received, total }: ArchiveProgress): string {
  if (received === 0) return TEXT.preparing;
  if (total === null) return `Downloading… ${megabytes(received)}`;
  return `Downloading… ${Math.round((received / total) * 100)}% of ${megabytes(total)}`;
}

function ArchiveStatus({ download }: { download: ArchiveDownload }) {
  return (
    <div role="status" className="mt-3 text-sm">
      {download.state === "downloading" && (
        <div className="space-y-1.5 text-slate-700">
          <p>{progressText(download.progress)}</p>
          <progress
            className="h-2 w-full max-w-sm overflow-hidden rounded accent-indigo-600"
            value={download.progress.total ? download.progress.received : undefined}
            max={download.progress.total ?? undefined}
          />
        </div>
      )}
      {download.state === "saved" && <p className="text-emerald-800">{TEXT.saved(download.fileName)}</p>}
      {download.state === "failed" && (
        <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">{download.message}</p>
      )}
    </div>
  );
}

/**
 * /admin/settings, owners only (server-behaviour.md, "A new event"): download the event's archive, choose
 * what happens to the prizes, then wipe the event's results after typing the phrase the server checks.
 */
export function NewEventSection() {
  const mayStart = useMay(NEW_EVENT_ROLES);
  const queryClient = useQueryClient();
  const { download, start: downloadArchive } = useArchiveDownload(TEXT.archiveFailed);
  const [prizes, setPrizes] = useState<PrizeHandling>("restore");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const radioName = useId();
  if (!mayStart) return null;

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const summary = await startNewEvent({ prizes, confirm: NEW_EVENT_PHRASE });
      setConfirming(false);
      setResult(TEXT.done(summary));
      // Every screen's counts changed: read them again.
      await queryClient.invalidateQueries();
    } catch (failure) {
      setError(errorMessage(failure, TEXT.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto mt-8 max-w-3xl">
      <Card title={TEXT.title}>
        <p className="mb-5 text-sm text-slate-600">{TEXT.intro}</p>
        <ol className="space-y-6">
          <li>
            <h3 className="font-semibold text-slate-900">{TEXT.archiveStep}</h3>
            <p className="mt-1 mb-3 text-sm text-slate-600">{TEXT.archiveHint}</p>
            <Button onClick={() => void downloadArchive()} busy={download.state === "downloading"}>
              {TEXT.archiveButton}
            </Button>
            <ArchiveStatus download={download} />
          </li>
          <li>
            <fieldset>
              <legend className="font-semibold text-slate-900">{TEXT.prizesStep}</legend>
              <div className="mt-2 space-y-2">
                {(["restore", "remove"] as const).map((choice) => (
                  <label key={choice} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                    <input
                      type="radio"
                      name={radioName}
                      value={choice}
                      checked={prizes === choice}
                      onChange={() => setPrizes(choice)}
                      className="size-5 shrink-0 accent-indigo-600"
                    />
                    {TEXT[choice]}
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
          <li>
            <h3 className="font-semibold text-slate-900">{TEXT.startStep}</h3>
            <p className="mt-1 mb-3 text-sm text-slate-600">{TEXT.startHint}</p>
            <Button variant="danger-soft" onClick={() => setConfirming(true)}>
              {TEXT.startButton}
            </Button>
            <div role="status" className="mt-3">
              {result && <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">{result}</p>}
            </div>
          </li>
        </ol>
      </Card>
      <ConfirmByTyping
        open={confirming}
        onClose={() => !busy && setConfirming(false)}
        title={TEXT.confirmTitle}
        phrase={NEW_EVENT_PHRASE}
        confirmLabel={TEXT.confirmLabel}
        busyLabel={TEXT.busyLabel}
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
      >
        <p>{prizes === "restore" ? TEXT.confirmRestore : TEXT.confirmRemove}</p>
        {download.state !== "saved" && (
          <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">{TEXT.noArchiveYet}</p>
        )}
      </ConfirmByTyping>
    </div>
  );
}
