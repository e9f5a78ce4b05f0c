"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useMay } from "@/components/admin/role-context";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmByTyping } from "@/components/ui/confirm-by-typing";
import { errorMessage } from "@/lib/client/api";
import { type ArchiveProgress, eventStatusApi, startNewEvent } from "@/lib/client/new-event";
import { NEW_EVENT_PHRASE, type PrizeHandling } from "@/lib/validation/new-event";
import { NEW_EVENT_ROLES } from "@/shared/roles";
import { type ArchiveDownload, useArchiveDownload } from "./use-archive-download";

const megabytes = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;

function useProgressText(): (progress: ArchiveProgress) => string {
  const t = useTranslations("admin.newEvent");
  return ({ received, total }) => {
    if (received === 0) return t("preparing");
    if (total === null) return t("downloadingBytes", { megabytes: megabytes(received) });
    return t("downloadingPart", { percent: Math.round((received / total) * 100), megabytes: megabytes(total) });
  };
}

function ArchiveStatus({ download }: { download: ArchiveDownload }) {
  const t = useTranslations("admin.newEvent");
  const progressText = useProgressText();
  return (
    <div role="status" className="mt-3 text-sm">
      {download.state === "downloading" && (
        <div className="space-y-1.5 text-slate-700">
          <p>{progressText(download.progress)}</p>
          <progress
            className="h-2 w-full max-w-sm overflow-hidden rounded accent-primary-600"
            value={download.progress.total ? download.progress.received : undefined}
            max={download.progress.total ?? undefined}
          />
        </div>
      )}
      {download.state === "saved" && <p className="text-emerald-800">{t("saved", { fileName: download.fileName })}</p>}
      {download.state === "failed" && (
        <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">{download.message}</p>
      )}
    </div>
  );
}

/**
 * Who is playing right now and how many winners the closing event keeps, read while the confirmation is open
 * (every 5 s: visitors come and go while the owner types the phrase).
 */
function EventStatusLines({ open }: { open: boolean }) {
  const t = useTranslations("admin.newEvent");
  const status = useQuery({
    queryKey: eventStatusApi.key,
    queryFn: ({ signal }) => eventStatusApi.get(signal),
    enabled: open,
    refetchInterval: open ? 5_000 : false,
  });
  if (!status.data) return <p className="mt-3 text-slate-600">{status.isError ? t("statusFailed") : t("statusLoading")}</p>;
  return (
    <ul className="mt-3 space-y-1">
      <li className={status.data.playing_now > 0 ? "font-semibold text-slate-900" : undefined}>
        {t("playingNow", { count: status.data.playing_now })}
      </li>
      <li>{t("winnersNow", { count: status.data.winners })}</li>
    </ul>
  );
}

/**
 * /admin/settings, owners only (server-behaviour.md, "A new event"): optionally download the event's archive,
 * choose the new event's prizes, then, after typing the phrase (each language has its own; the body carries
 * the API's fixed NEW_EVENT_PHRASE), close this event, kept with its winners, and start its live copy keeping
 * the QR codes' addresses.
 */
export function NewEventSection() {
  const t = useTranslations("admin.newEvent");
  const mayStart = useMay(NEW_EVENT_ROLES);
  const queryClient = useQueryClient();
  const { download, start: downloadArchive } = useArchiveDownload(t("archiveFailed"));
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
      setResult(
        t(prizes === "remove" ? "doneRemoved" : "doneRestored", {
          name: summary.event_name,
          winners: summary.winners_kept,
          prizes: summary.prizes_restored,
        }),
      );
      // The screens now act on the new event (the default, when this one was): read them again.
      await queryClient.invalidateQueries();
    } catch (failure) {
      setError(errorMessage(failure, t("failed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto mt-8 max-w-3xl">
      <Card title={t("title")}>
        <p className="mb-5 text-sm text-slate-600">{t("intro")}</p>
        <ol className="space-y-6">
          <li>
            <h3 className="font-semibold text-slate-900">{t("archiveStep")}</h3>
            <p className="mt-1 mb-3 text-sm text-slate-600">{t("archiveHint")}</p>
            <Button onClick={() => void downloadArchive()} busy={download.state === "downloading"}>
              {t("archiveButton")}
            </Button>
            <ArchiveStatus download={download} />
          </li>
          <li>
            <fieldset>
              <legend className="font-semibold text-slate-900">{t("prizesStep")}</legend>
              <div className="mt-2 space-y-2">
                {(["restore", "remove"] as const).map((choice) => (
                  <label key={choice} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                    <input
                      type="radio"
                      name={radioName}
                      value={choice}
                      checked={prizes === choice}
                      onChange={() => setPrizes(choice)}
                      className="size-5 shrink-0 accent-primary-600"
                    />
                    {t(choice)}
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
          <li>
            <h3 className="font-semibold text-slate-900">{t("startStep")}</h3>
            <p className="mt-1 mb-3 text-sm text-slate-600">{t("startHint")}</p>
            <Button variant="danger-soft" onClick={() => setConfirming(true)}>
              {t("startButton")}
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
        title={t("confirmTitle")}
        phrase={t("phrase")}
        confirmLabel={t("confirmLabel")}
        busyLabel={t("busyLabel")}
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
      >
        <p>{prizes === "restore" ? t("confirmRestore") : t("confirmRemove")}</p>
        <EventStatusLines open={confirming} />
      </ConfirmByTyping>
    </div>
  );
}
