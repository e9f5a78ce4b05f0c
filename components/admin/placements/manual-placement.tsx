"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { PickerOption } from "@/lib/client/pickers";
import { placementsApi } from "@/lib/client/placements";
import { invalidatePlacing } from "./page-holds";
import { manualPlacementForm, type PickedPlacement, type Picks } from "./placement-form";
import { PlacingForm, usePlacingForm } from "./placing-form";
import type { PlacementOutcome } from "./unplaced-notice";

/**
 * Place one prize on one product page by hand; both are required (spec §5), checked by the server's schema.
 * Its error goes once anything on the screen succeeded after it (`lastSuccessAt`, see `usePlacingForm`).
 */
export function ManualPlacement({ onPlaced, lastSuccessAt }: { onPlaced: (outcome: PlacementOutcome) => void; lastSuccessAt: number }) {
  const t = useTranslations("admin.placements.manual");
  const queryClient = useQueryClient();
  // The pickers hold the chosen option (with its page's holds); the schema checks both were chosen.
  const form = useForm<Picks, unknown, PickedPlacement>({
    resolver: zodResolver(manualPlacementForm),
    defaultValues: { prize: null, product: null },
  });
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

  const placing = usePlacingForm({
    form,
    place,
    fieldOrder: ["prize", "product"],
    unchosen: t("chooseBoth"),
    failed: t("failed"),
    lastSuccessAt,
  });

  return (
    <PlacingForm labels={{ form: t("formLabel"), prize: t("prize"), page: t("product"), submit: t("submit") }} form={form} {...placing} />
  );
}
