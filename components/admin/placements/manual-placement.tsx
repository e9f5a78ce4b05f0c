"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { errorMessage } from "@/lib/client/api";
import type { PickerOption } from "@/lib/client/pickers";
import { placementsApi } from "@/lib/client/placements";
import { useSaid } from "@/lib/client/use-said";
import { createPlacementBody } from "@/lib/validation/placement";
import { invalidatePlacing, usePrizeAndPage } from "./page-holds";
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
  const { prize, product, pickers } = usePrizeAndPage({ prize: t("prize"), page: t("product") });
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

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = createPlacementBody.safeParse({ prize: prize?.id, product: product?.id });
    if (!parsed.success || !prize || !product) {
      setInvalid({ message: said(parsed.error?.issues[0]?.message) ?? t("chooseBoth"), at: Date.now() });
      return;
    }
    setInvalid(null);
    place.mutate({ prize, product });
  }

  // Spec §8: the server's detail, else its first non_field_errors entry.
  const refused: Refusal | null = place.isError ? { message: errorMessage(place.error, t("failed")), at: place.submittedAt } : null;
  const shown = [invalid, refused].find((error) => error !== null && error.at > lastSuccessAt) ?? null;

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t("formLabel")}>
      {pickers}
      <FormAlert message={shown?.message} />
      <Button type="submit" variant="primary" busy={place.isPending} className="w-full">
        {t("submit")}
      </Button>
    </form>
  );
}
