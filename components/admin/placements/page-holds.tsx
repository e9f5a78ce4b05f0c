"use client";

import type { QueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { SearchPicker } from "@/components/admin/search-picker";
import { type PickerOption, pickersApi } from "@/lib/client/pickers";
import { placementsApi } from "@/lib/client/placements";
import { useMoment } from "@/lib/client/use-moment";

/**
 * What a product page already holds, in words, for the placing forms' page pickers: its live prize, or the
 * drop set aside on it (a page keeps its drop until it drops). Null for a free page.
 */
function usePageHolds(): (option: PickerOption) => string | null {
  const t = useTranslations("admin.placements.pageHolds");
  const { clock } = useMoment();
  return (option) => {
    if (!option.holds) return null;
    if (option.holds.drops_at) return t("drop", { prize: option.holds.name, time: clock(option.holds.drops_at) });
    return t("prize", { prize: option.holds.name });
  };
}

/** Under the page picker, once a taken page is chosen: the same words, so the choice is made knowingly. */
function PageHoldsNote({ page, holds }: { page: PickerOption | null; holds: (option: PickerOption) => string | null }) {
  const said = page ? holds(page) : null;
  if (!said) return null;
  return <p className="-mt-1 text-xs text-amber-800">{said}</p>;
}

/**
 * A placing form's choice of a prize and a page to place it on: the two pickers, each page marked with what
 * it already holds, and the chosen page's note under its picker. The form holds the values (react-hook-form).
 */
export function PrizeAndPagePickers({
  labels,
  prize,
  onPrizeChange,
  page,
  onPageChange,
}: {
  labels: { prize: string; page: string };
  prize: PickerOption | null;
  onPrizeChange: (prize: PickerOption | null) => void;
  page: PickerOption | null;
  onPageChange: (page: PickerOption | null) => void;
}) {
  const holds = usePageHolds();
  return (
    <>
      <SearchPicker label={labels.prize} kind="prizes" load={pickersApi.prizes} value={prize} onChange={onPrizeChange} />
      <SearchPicker
        label={labels.page}
        kind={PAGES_TO_PLACE}
        load={pickersApi.pagesToPlace}
        value={page}
        onChange={onPageChange}
        noteOf={holds}
      />
      <PageHoldsNote page={page} holds={holds} />
    </>
  );
}

/** After a placement: the lists, and the page pickers' marks (a page just placed on is taken now). */
export function invalidatePlacing(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: placementsApi.key }),
    queryClient.invalidateQueries({ queryKey: ["pickers", PAGES_TO_PLACE] }),
  ]);
}

/** The page pickers' cache name (SearchPicker's `kind`). */
const PAGES_TO_PLACE = "pages-to-place";
