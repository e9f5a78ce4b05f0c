"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { CatalogueItemCell } from "@/components/admin/catalogue/item-cell";
import { actionsColumn } from "@/components/admin/list/actions-column";
import { selectColumn } from "@/components/admin/list/select-column";
import { IntentLink } from "@/components/ui/intent-link";
import { type RowAction, RowActions } from "@/components/ui/row-actions";
import type { ProductRow } from "@/shared/contracts/products";

function WinnersLink({ product, withWord = false }: { product: ProductRow; withWord?: boolean }) {
  const t = useTranslations("admin.products.columns");
  return (
    <IntentLink
      href={`/admin/winners?product=${product.id}`}
      aria-label={t("winnersOf", { count: product.winners_count, name: product.name })}
      className={`inline-flex min-h-11 min-w-12 items-center justify-center rounded-full px-3 text-sm font-semibold transition-colors sm:min-h-9 ${
        product.winners_count > 0 ? "bg-emerald-50 text-emerald-800 hover:bg-emerald-100" : "bg-slate-100 text-slate-600 hover:bg-slate-200"
      }`}
    >
      {/* On phones the column header is hidden, so the badge says what it counts. */}
      {withWord ? t("winnersCount", { count: product.winners_count }) : product.winners_count}
    </IntentLink>
  );
}

/**
 * The products table. On phones a row is two lines in one cell (image, name, description and path; then
 * winners and the actions), so names get the full width; from `sm` each has its own column.
 */
export function productColumns(
  actions: RowAction<ProductRow>[],
  t: ReturnType<typeof useTranslations<"admin.products.columns">>,
): ColumnDef<ProductRow>[] {
  const phoneOnly = "sm:hidden";
  return [
    selectColumn<ProductRow>({ pageLabel: t("selectPage"), rowLabel: (product) => t("selectRow", { name: product.name }) }),
    {
      id: "product",
      header: t("product"),
      meta: { className: "min-w-40" },
      cell: ({ row: { original: product } }) => (
        <>
          <CatalogueItemCell item={product}>
            <p className={`font-mono text-xs text-slate-500 ${phoneOnly}`}>{`/p/${product.url_path}`}</p>
          </CatalogueItemCell>
          <div className={`mt-2 flex items-center justify-between gap-2 ${phoneOnly}`}>
            <WinnersLink product={product} withWord />
            <RowActions row={product} name={product.name} actions={actions} />
          </div>
        </>
      ),
    },
    {
      id: "url_path",
      header: t("urlPath"),
      meta: { className: "hidden sm:table-cell" },
      cell: ({ row }) => (
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">{row.original.url_path}</code>
      ),
    },
    {
      id: "winners",
      header: t("winners"),
      meta: { className: "hidden text-center sm:table-cell" },
      cell: ({ row }) => <WinnersLink product={row.original} />,
    },
    actionsColumn(actions, "sm"),
  ];
}
