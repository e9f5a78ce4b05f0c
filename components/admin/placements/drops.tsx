"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTimeZone, useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { timeLeft } from "@/components/public/drop-countdown";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/client/api";
import { placementsApi } from "@/lib/client/placements";
import { useMoment } from "@/lib/client/use-moment";
import { useRedrawEvery } from "@/lib/client/use-redraw";
import { isoToZonedLocal, zonedLocalToIso } from "@/lib/client/zoned-time";
import type { ScheduledDrop } from "@/shared/contracts/placements";
import { InlineCheckbox } from "./inline-checkbox";
import { invalidatePlacing } from "./page-holds";
import { type DropPlacementValues, dropPlacementForm, moveDropForm, type Picks } from "./placement-form";
import { PlacingForm, usePlacingForm } from "./placing-form";

const DROPS_KEY = [...placementsApi.key, "drops"] as const;

/** A sensible first pick: today on the event's clock, a quarter of an hour from now, on a 5-minute mark. */
function defaultDropTime(timeZone: string): string {
  const soon = Math.ceil((Date.now() + 15 * 60_000) / 300_000) * 300_000;
  return isoToZonedLocal(new Date(soon).toISOString(), timeZone);
}

/**
 * Schedule a drop (server-behaviour.md, "Prize drops and winning moments"): a prize on a page at a time,
 * today on the event's clock unless another day is picked; announced (a countdown for visitors and the big
 * screen) or a secret winning moment. The server checks the time is to come and inside the opening hours.
 */
export function DropPlacement({ onPlaced, lastSuccessAt }: { onPlaced: (message: string) => void; lastSuccessAt: number }) {
  const t = useTranslations("admin.placements.drop");
  const timeZone = useTimeZone() ?? "UTC";
  const { clock } = useMoment();
  const queryClient = useQueryClient();
  const schema = useMemo(() => dropPlacementForm(timeZone), [timeZone]);
  const form = useForm<Picks & { when: string; announce: boolean }, unknown, DropPlacementValues>({
    resolver: zodResolver(schema),
    defaultValues: { prize: null, product: null, when: "", announce: true },
  });
  const announce = form.watch("announce");
  // After hydration: the default depends on the moment the screen opened.
  useEffect(() => form.setValue("when", defaultDropTime(timeZone)), [form, timeZone]);
  const place = useMutation({
    mutationFn: (input: DropPlacementValues) =>
      placementsApi.create({ prize: input.prize.id, product: input.product.id, drops_at: input.when, announce: input.announce }),
    onSuccess: (placed, input) =>
      onPlaced(t("scheduled", { prize: input.prize.name, product: input.product.name, time: clock(placed.drops_at ?? input.when) })),
    onSettled: () => invalidatePlacing(queryClient),
  });

  const placing = usePlacingForm({
    form,
    place,
    fieldOrder: ["prize", "product", "when"],
    unchosen: t("failed"),
    failed: t("failed"),
    lastSuccessAt,
  });

  return (
    <PlacingForm
      labels={{ form: t("formLabel"), prize: t("prize"), page: t("product"), submit: t("submit") }}
      intro={t("intro")}
      form={form}
      {...placing}
    >
      <Field label={t("time")} hint={t("timeHint", { zone: timeZone })} required>
        {(control) => <input {...control} type="datetime-local" {...form.register("when")} data-testid="drop-time" />}
      </Field>
      <InlineCheckbox
        label={t("announce")}
        note={t("announceHint")}
        checked={announce}
        onChange={(checked) => form.setValue("announce", checked)}
      />
    </PlacingForm>
  );
}

/** The server's clock minus this browser's, from the list's answer (ms to add to Date.now()). */
function useDropsList() {
  return useQuery({
    queryKey: DROPS_KEY,
    queryFn: async ({ signal }) => {
      const sent = Date.now();
      const answer = await placementsApi.drops(signal);
      return { ...answer, offset: Date.parse(answer.now) - (sent + Date.now()) / 2 };
    },
    refetchInterval: 30_000,
  });
}

/**
 * The drops still to come, soonest first, each counting down on the server's clock; a writer can move one
 * (a new time, checked by the server: 409 once it has dropped) or cancel it (the placement is deleted).
 */
export function ScheduledDrops({
  mayWrite,
  onChanged,
  onFailed,
}: {
  mayWrite: boolean;
  onChanged: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const t = useTranslations("admin.placements.drop");
  const { clock } = useMoment();
  const queryClient = useQueryClient();
  const list = useDropsList();
  const [moving, setMoving] = useState<ScheduledDrop | null>(null);
  const [cancelling, setCancelling] = useState<ScheduledDrop | null>(null);
  const drops = list.data?.results ?? [];
  useRedrawEvery(1000, drops.length > 0);
  const refresh = () => queryClient.invalidateQueries({ queryKey: placementsApi.key });
  const cancel = useMutation({
    mutationFn: (drop: ScheduledDrop) => placementsApi.remove(drop.id),
    onSuccess: (_done, drop) => {
      setCancelling(null);
      onChanged(t("cancelled", { prize: drop.prize_name, product: drop.product_name }));
    },
    onError: (error) => onFailed(errorMessage(error, t("failed"))),
    onSettled: refresh,
  });
  const now = Date.now() + (list.data?.offset ?? 0);

  return (
    <>
      {drops.length === 0 ? (
        <p className="text-sm text-slate-600">{t("none")}</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label={t("listTitle")}>
          {drops.map((drop) => {
            const left = Date.parse(drop.drops_at) - now;
            return (
              <li key={drop.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5" data-drop-id={drop.id}>
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
                    {drop.prize_name} <span className="font-normal text-slate-600">· {drop.product_name}</span>
                  </p>
                  <p className="text-sm text-slate-600">
                    <time dateTime={drop.drops_at} className="font-semibold text-slate-900 tabular-nums">
                      {clock(drop.drops_at)}
                    </time>{" "}
                    <span className="tabular-nums">{left > 0 ? t("in", { countdown: timeLeft(left) }) : t("due")}</span>{" "}
                    <span
                      className={`ml-1 rounded-full px-2 py-0.5 text-xs font-semibold ${drop.announce ? "bg-primary-50 text-primary-800" : "bg-slate-100 text-slate-700"}`}
                    >
                      {drop.announce ? t("announced") : t("secret")}
                    </span>
                  </p>
                </div>
                {mayWrite && (
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      className="min-h-11 sm:min-h-9"
                      onClick={() => setMoving(drop)}
                      aria-label={t("moveOf", { prize: drop.prize_name, product: drop.product_name })}
                    >
                      {t("move")}
                    </Button>
                    <Button
                      size="sm"
                      variant="danger-soft"
                      className="min-h-11 sm:min-h-9"
                      onClick={() => setCancelling(drop)}
                      aria-label={t("cancelOf", { prize: drop.prize_name, product: drop.product_name })}
                    >
                      {t("cancel")}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <MoveDropModal drop={moving} onClose={() => setMoving(null)} onMoved={onChanged} />
      <ConfirmDialog
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={t("cancelTitle")}
        confirmLabel={t("cancelConfirm")}
        cancelLabel={t("keep")}
        variant="danger"
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
      >
        <p>{t("cancelBody", { prize: cancelling?.prize_name ?? "", product: cancelling?.product_name ?? "" })}</p>
      </ConfirmDialog>
    </>
  );
}

function MoveDropModal({
  drop,
  onClose,
  onMoved,
}: {
  drop: ScheduledDrop | null;
  onClose: () => void;
  onMoved: (message: string) => void;
}) {
  const t = useTranslations("admin.placements.drop");
  const timeZone = useTimeZone() ?? "UTC";
  const { clock } = useMoment();
  const queryClient = useQueryClient();
  const formId = useId();
  const schema = useMemo(() => moveDropForm(timeZone), [timeZone]);
  const form = useForm<{ when: string }, unknown, { when: string }>({ resolver: zodResolver(schema), defaultValues: { when: "" } });
  useEffect(() => {
    if (drop) form.reset({ when: isoToZonedLocal(drop.drops_at, timeZone) });
  }, [drop, form, timeZone]);
  const move = useMutation({
    mutationFn: ({ id, dropsAt }: { id: number; dropsAt: string }) => placementsApi.moveDrop(id, dropsAt),
    onSuccess: (moved) => {
      onClose();
      onMoved(t("moved", { time: clock(moved.drops_at) }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: placementsApi.key }),
  });
  // Save waits for a whole time: the button says so before any message would.
  const dropsAt = zonedLocalToIso(form.watch("when"), timeZone);
  return (
    <Modal
      open={drop !== null}
      onClose={() => {
        move.reset();
        onClose();
      }}
      title={t("moveTitle")}
      description={drop ? `${drop.prize_name} · ${drop.product_name}` : undefined}
      size="sm"
      dismissible={!move.isPending}
      footer={
        <Button type="submit" form={formId} variant="primary" busy={move.isPending} disabled={!dropsAt}>
          {t("moveSubmit")}
        </Button>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={form.handleSubmit(({ when }) => {
          if (drop) move.mutate({ id: drop.id, dropsAt: when });
        })}
        className="space-y-3"
      >
        <Field label={t("time")} hint={t("timeHint", { zone: timeZone })} required>
          {(control) => <input {...control} type="datetime-local" {...form.register("when")} />}
        </Field>
        <FormAlert message={move.isError ? errorMessage(move.error, t("moveFailed")) : undefined} />
      </form>
    </Modal>
  );
}
