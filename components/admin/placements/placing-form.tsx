"use client";

import { type ReactNode, useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { errorMessage } from "@/lib/client/api";
import type { PickerOption } from "@/lib/client/pickers";
import { useSaid } from "@/lib/client/use-said";
import { PrizeAndPagePickers } from "./page-holds";
import { firstError, type Picks } from "./placement-form";

type Failure = { message: string; at: number };

/** What the pickers need of a placing form's react-hook-form: its two picks, read and set. */
type PicksHolder = {
  watch(name: keyof Picks): PickerOption | null;
  setValue(name: keyof Picks, value: PickerOption | null): void;
};

/** The placing mutation as the form sees it: what it sends, whether it is under way, and its last refusal. */
type Placing<Out> = { mutate: (values: Out) => void; isPending: boolean; isError: boolean; error: unknown; submittedAt: number };

/**
 * A form that places a prize on a page (by hand, or as a drop): its submit and its one error. The error is
 * about its last attempt, refused by the form's own check or by the server, whichever came last; once
 * anything on the screen succeeded after it (`lastSuccessAt`), it is old news and goes.
 */
export function usePlacingForm<V extends FieldValues, Out>({
  form,
  place,
  fieldOrder,
  unchosen,
  failed,
  lastSuccessAt,
}: {
  form: UseFormReturn<V, unknown, Out>;
  place: Placing<Out>;
  /** The fields in the order they are read: the first one wrong is the one said. */
  fieldOrder: readonly string[];
  /** Said when the form's own check fails without a message of its own. */
  unchosen: string;
  /** Said when the server refuses without a detail. */
  failed: string;
  lastSuccessAt: number;
}) {
  const said = useSaid();
  const [invalid, setInvalid] = useState<Failure | null>(null);
  const onSubmit = form.handleSubmit(
    (values) => {
      setInvalid(null);
      place.mutate(values);
    },
    (errors) => setInvalid({ message: said(firstError(errors, fieldOrder)) ?? unchosen, at: Date.now() }),
  );
  // Spec §8: the server's detail, else its first non_field_errors entry.
  const refused: Failure | null = place.isError ? { message: errorMessage(place.error, failed), at: place.submittedAt } : null;
  const failure = [invalid, refused].find((error) => error !== null && error.at > lastSuccessAt)?.message;
  return { onSubmit, failure, busy: place.isPending };
}

/**
 * The placing forms' one frame: an optional intro, the prize and page pickers, what the form adds of its
 * own (`children`: a drop's time), the one alert and the submit button.
 */
export function PlacingForm({
  labels,
  intro,
  form,
  onSubmit,
  failure,
  busy,
  children,
}: {
  labels: { form: string; prize: string; page: string; submit: string };
  intro?: string;
  form: PicksHolder;
  onSubmit: () => void;
  failure: string | undefined;
  busy: boolean;
  children?: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={labels.form}>
      {intro && <p className="text-sm text-slate-600">{intro}</p>}
      <PrizeAndPagePickers
        labels={labels}
        prize={form.watch("prize")}
        onPrizeChange={(option) => form.setValue("prize", option)}
        page={form.watch("product")}
        onPageChange={(option) => form.setValue("product", option)}
      />
      {children}
      <FormAlert message={failure} />
      <Button type="submit" variant="primary" busy={busy} className="w-full">
        {labels.submit}
      </Button>
    </form>
  );
}
