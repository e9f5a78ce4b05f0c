"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { ConfirmByTyping } from "@/components/ui/confirm-by-typing";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ApiError, errorMessage } from "@/lib/client/api";

/** What a finished delete reports: how many rows went, and the success message to show. */
export type DeleteOutcome = { deleted: number; message: string };

/**
 * How an entity's server refuses a delete that needs more than a "yes". Given the refusal, return the
 * question that asks to repeat it with force, or null when the refusal is final (its message is shown).
 */
export type ForcePolicy = (error: unknown) => ReactNode | null;

/** Products (spec §8): `400 {detail, winners_count}` when winners are linked; confirm, then repeat with force. */
export const askWhenWinnersLinked: ForcePolicy = (error) => {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const count = error.body?.winners_count;
  if (typeof count !== "number") return null;
  return <WinnersLinkedQuestion count={count} />;
};

function WinnersLinkedQuestion({ count }: { count: number }) {
  const t = useTranslations("admin.shell.deleteFlow");
  return (
    <>
      <p>{t("winnersLinked", { count })}</p>
      <p className="mt-2 text-slate-600">{t("winnersKept")}</p>
    </>
  );
}

/** Prizes and placements: `409` while a visitor holds one. Nothing to force: the server's message says why. */
const refuseWhileHeld: ForcePolicy = () => null;

/**
 * One delete, from the question to the banner: `open(target)` shows the screen's confirmation, `confirm()`
 * runs `perform(target, false)` (a react-query mutation); a refusal that `askToForce` turns into a question
 * shows it (`question`), and `force()` repeats with force. Any other failure lands in `error` for the open
 * modal to show. One sheet at a time: while the question is asked, `target` is null, so the confirmation
 * under it closes (on a phone both are bottom sheets, and two stacked read as one muddle).
 */
export function useDeleteFlow<Target>({
  perform,
  askToForce = refuseWhileHeld,
  failureMessage,
  onDeleted,
}: {
  perform: (target: Target, force: boolean) => Promise<DeleteOutcome>;
  askToForce?: ForcePolicy;
  failureMessage?: string;
  onDeleted: (outcome: DeleteOutcome, target: Target) => void;
}) {
  const t = useTranslations("admin.shell.deleteFlow");
  const [target, setTarget] = useState<Target | null>(null);
  const [question, setQuestion] = useState<ReactNode | null>(null);
  const mutation = useMutation({
    mutationFn: ({ target, force }: { target: Target; force: boolean }) => perform(target, force),
    onSuccess: (outcome, { target }) => {
      close();
      onDeleted(outcome, target);
    },
    onError: (failure, { force }) => setQuestion(force ? null : askToForce(failure)),
  });

  function close() {
    setTarget(null);
    setQuestion(null);
    mutation.reset();
  }

  const run = (force: boolean) => {
    if (target !== null) mutation.mutate({ target, force });
  };

  return {
    /** What the confirmation is open for; null while closed or while the force question is asked. */
    target: question === null ? target : null,
    busy: mutation.isPending,
    error: mutation.isError && question === null ? errorMessage(mutation.error, failureMessage ?? t("failed")) : null,
    question,
    open: (next: Target) => {
      mutation.reset();
      setQuestion(null);
      setTarget(next);
    },
    close,
    confirm: () => run(false),
    force: () => run(true),
  };
}

type DeleteFlow<Target> = ReturnType<typeof useDeleteFlow<Target>>;
/** What the shared dialogs read of a flow, whatever its target type. */
type DeleteFlowView = Omit<DeleteFlow<unknown>, "open">;

/** The "delete anyway?" question of a delete flow, shown over its confirmation. */
export function ForceDeleteDialog({ flow, title }: { flow: DeleteFlowView; title: string }) {
  const t = useTranslations("admin.shell.deleteFlow");
  return (
    <ConfirmDialog
      open={flow.question !== null}
      onClose={flow.close}
      title={title}
      confirmLabel={t("deleteAnyway")}
      busy={flow.busy}
      onConfirm={flow.force}
    >
      {flow.question}
    </ConfirmDialog>
  );
}

/** Bulk delete of the selected rows or of all of them, confirmed by typing the phrase. */
export function BulkDeleteModal({
  scope,
  flow,
  title,
  children,
}: {
  scope: "selected" | "all";
  /** Open while the flow's target is this scope. */
  flow: DeleteFlowView;
  title: string;
  /** What the delete does, in the entity's words. */
  children: ReactNode;
}) {
  const t = useTranslations("admin.shell.deleteFlow");
  const target = flow.target as { kind?: string } | null;
  const open = target?.kind === scope;
  return (
    <ConfirmByTyping
      open={open}
      onClose={flow.close}
      title={title}
      // The phrases the bulk deletes ask to be typed (spec §5), each language its own.
      phrase={scope === "all" ? t("phraseAll") : t("phraseSelected")}
      mismatchMessage={t("mismatch")}
      busy={flow.busy}
      error={flow.error}
      onConfirm={flow.confirm}
    >
      {children}
    </ConfirmByTyping>
  );
}

/** The targets of a list's deletes: one row, the selected rows, or all of them. */
export type ListDeleteTarget<Row> = { kind: "one"; row: Row } | { kind: "selected"; ids: number[] } | { kind: "all" };
