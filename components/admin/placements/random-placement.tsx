"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { SearchPicker } from "@/components/admin/search-picker";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { errorMessage } from "@/lib/client/api";
import { type PickerOption, pickersApi } from "@/lib/client/pickers";
import { placementsApi } from "@/lib/client/placements";

/**
 * Random placement (server-behaviour.md): every active prize, or one, onto free product pages up to its
 * target; optionally clearing the unheld active placements first. Its maintenance mode becomes the system
 * setting. The dashboard and the placements screen both use this one control.
 */
export function RandomPlacement({
  choosePrize = false,
  onPlaced,
  onFailed,
}: {
  /** Offer "all prizes or one" (the placements screen); the dashboard places all. */
  choosePrize?: boolean;
  onPlaced: (detail: string) => void;
  onFailed: (message: string) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [maintenanceMode, setMaintenanceMode] = useState(true);
  const [reset, setReset] = useState(false);
  const [prize, setPrize] = useState<PickerOption | null>(null);
  const place = useMutation({
    mutationFn: () =>
      placementsApi.randomize({ reset, maintenance_mode: maintenanceMode, prize_id: choosePrize ? (prize?.id ?? null) : null }),
    onSuccess: (result) => onPlaced(result.detail || "Prizes were randomly placed successfully."),
    onError: (error) => onFailed(errorMessage(error, "Failed to randomly place prizes.")),
    // The placements, the dashboard and the maintenance setting may all have changed.
    onSettled: () => queryClient.invalidateQueries(),
  });

  return (
    <div className={choosePrize ? "space-y-3" : "flex flex-wrap items-center gap-3"}>
      {choosePrize && (
        <SearchPicker label="Prize" kind="prizes" load={pickersApi.prizes} value={prize} onChange={setPrize} allLabel="All active prizes" />
      )}
      <label htmlFor={`${id}-maintenance`} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
        <Checkbox id={`${id}-maintenance`} checked={maintenanceMode} onChange={(event) => setMaintenanceMode(event.target.checked)} />
        Maintenance mode (keep prizes placed)
      </label>
      <label htmlFor={`${id}-reset`} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
        <Checkbox id={`${id}-reset`} checked={reset} onChange={(event) => setReset(event.target.checked)} />
        Reset existing placements
      </label>
      <Button variant="primary" busy={place.isPending} onClick={() => place.mutate()} className={choosePrize ? "w-full" : ""}>
        Place prizes at random
      </Button>
    </div>
  );
}
