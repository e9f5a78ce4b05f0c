"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SearchPicker } from "@/components/admin/search-picker";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { errorMessage } from "@/lib/client/api";
import { type PickerOption, pickersApi } from "@/lib/client/pickers";
import { placementsApi } from "@/lib/client/placements";
import { createPlacementBody } from "@/lib/validation/placement";

/** Place one prize on one product page by hand; both are required (spec §5), checked by the server's schema. */
export function ManualPlacement({ onPlaced }: { onPlaced: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [prize, setPrize] = useState<PickerOption | null>(null);
  const [product, setProduct] = useState<PickerOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = createPlacementBody.safeParse({ prize: prize?.id, product: product?.id });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please choose both a prize and a product.");
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await placementsApi.create(parsed.data);
      onPlaced(`“${prize?.name}” is now on “${product?.name}”.`);
      void queryClient.invalidateQueries({ queryKey: placementsApi.key });
    } catch (failure) {
      // Spec §8: the server's detail, else its first non_field_errors entry.
      setError(errorMessage(failure, "Failed to place the prize."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Place a prize by hand">
      <SearchPicker label="Prize" kind="prizes" load={pickersApi.prizes} value={prize?.id ?? null} onChange={setPrize} />
      <SearchPicker label="Product page" kind="products" load={pickersApi.products} value={product?.id ?? null} onChange={setProduct} />
      <FormAlert message={error} />
      <Button type="submit" variant="primary" busy={busy} className="w-full">
        Place prize
      </Button>
    </form>
  );
}
