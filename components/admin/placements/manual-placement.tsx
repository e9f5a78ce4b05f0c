"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { errorMessage } from "@/lib/client/api";
import type { PickerOption } from "@/lib/client/pickers";
import { placementsApi } from "@/lib/client/placements";
import { useSaid } from "@/lib/client/use-said";
import { invalidatePlacing, PrizeAndPagePickers } from "./page-holds";
import { firstError, manualPlacementForm, type PickedPlacement, type Picks } from "./placement-form";
import type { PlacementOutcome } from "./unplaced-notice";

type Refusal = { message: string; at: number };

/**
 * Place one prize on one product page by hand; both are required (spec §5), checked by the server's schema.
 * Its error is about its last attempt: once anything on the screen succeeded after it (`lastSuccessAt`),
 * it is old news and goes.
 */
export function ManualPlacement({ onPlaced, lastSuccessAt }: { onPlaced: (outcome: PlacementOutcome) => void; lastSuccessAt: number }) {
  const t = useTranslations("admin.placements.manual");
  const said = useSaid();
  const queryClient = useQueryClient();
  // The pickers hold the chosen option (with its page's holds); the schema checks both were chosen.
  const form = useForm<Picks, unknown, PickedPlacement>({
    resolver: zodResolver(manualPlacementForm),
    defaultValues: { prize: null, product: null },
  });
  const prize = form.watch("prize");
  const product = form.watch("product");
  const [invalid, setInvalid] = useState<Refusal | null>(null);
  const place = useMutation({
    mutationFn: (chosen: { prize: PickerOption; product: PickerOption }) =>
      placementsApi.create({ prize: chosen.prize.id, product: chosen.product.id }),
    onSuccess: (placed, chosen) =>
      onPlaced({
        confirmation: t("placed", { prize: chosen.prize.name, product: chosen.product.name }),
        nothingPlaced: null,
        unplaced: { count: placed.unplaced, prize: chosen.prize.name },
      }),
    onSettled: () => invalidatePlacing(queryClient),
  });

  const submit = form.handleSubmit(
    (chosen) => {
      setInvalid(null);
      place.mutate(chosen);
    },
    (errors) => setInvalid({ message: said(firstError(errors, ["prize", "product"])) ?? t("chooseBoth"), at: Date.now() }),
  );

  // Spec §8: the server's detail, else its first non_field_errors entry.
  const refused: Refusal | null = place.isError ? { message: errorMessage(place.error, t("failed")), at: place.submittedAt } : null;
  const shown = [invalid, refused].find((error) => error !== null && error.at > lastSuccessAt) ?? null;

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t("formLabel")}>
      <PrizeAndPagePickers
        labels={{ prize: t("prize"), page: t("product") }}
        prize={prize}
        onPrizeChange={(option) => form.setValue("prize", option)}
        page={product}
        onPageChange={(option) => form.setValue("product", option)}
      />
      <FormAlert message={shown?.message} />
      <Button type="submit" variant="primary" busy={place.isPending} className="w-full">
        {t("submit")}
      </Button>
    </form>
  );
}
