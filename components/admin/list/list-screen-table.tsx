"use client";

import type { Table } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SearchIcon } from "@/components/ui/icons";
import { ListTable } from "./list-table";
import type { AdminList } from "./use-admin-list";

/** The list screens that share these parts: each one's namespace has the same table keys. */
type ListScreen = "accounts" | "audit" | "events" | "webhooks" | "winners";

function useListScreenWords<Screen extends ListScreen>(screen: Screen) {
  return useTranslations(`admin.${screen}`);
}

type ListScreenTableProps<Row> = {
  screen: ListScreen;
  list: AdminList<Row, Record<string, string>>;
  table: Table<Row>;
};

/** A list screen's table and pager, captioned and labelled in the screen's own words. */
export function ListScreenTable<Row>({ screen, list, table, empty }: ListScreenTableProps<Row> & { empty: ReactNode }) {
  const t = useListScreenWords(screen);
  return <ListTable list={list} table={table} caption={t("caption")} loadingLabel={t("loading")} pagerLabel={t("pager")} empty={empty} />;
}

/**
 * A filtered list's results (audit, winners): the table, "nothing matches" with a way to reset the filters,
 * and the page and total of the rows on screen.
 */
export function FilteredListResults<Row>({
  screen,
  list,
  table,
  onReset,
}: ListScreenTableProps<Row> & { screen: "audit" | "winners"; onReset: () => void }) {
  const t = useListScreenWords(screen);
  const common = useTranslations("common");
  const noMatch = (
    <EmptyState
      icon={<SearchIcon />}
      title={t("emptyTitle")}
      description={t("emptyDescription")}
      action={<Button onClick={onReset}>{common("resetFilters")}</Button>}
    />
  );
  return (
    <>
      <ListScreenTable screen={screen} list={list} table={table} empty={noMatch} />
      {list.data && (
        <p className="text-sm text-slate-600" aria-live="polite">
          {common("pageOf", { page: list.dataParams.page, pages: Math.max(1, list.pageCount) })}
          {/* i18n-exempt: a separator */}
          {" · "}
          {t("total", { count: list.total ?? 0 })}
        </p>
      )}
    </>
  );
}
