"use client";

import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { Checkbox } from "@/components/ui/checkbox";
import { ImageIcon } from "@/components/ui/icons";
import type { listProducts } from "@/db/queries/products";
import { shorten } from "@/lib/text";
import { type ProductRowHandlers, RowActions } from "./row-actions";

/** A row of the products table: exactly what GET /api/products/ returns for one product. */
export type ProductRow = Awaited<ReturnType<typeof listProducts>>["results"][number];

/** Spec §9: the list shows the first 50 characters of a description. */
export const DESCRIPTION_PREVIEW_LENGTH = 50;

export function productColumns(handlers: ProductRowHandlers): ColumnDef<ProductRow>[] {
  return [
    {
      id: "select",
      meta: { className: "w-10" },
      header: ({ table }) => (
        <Checkbox
          aria-label="Select all products on this page"
          checked={table.getIsAllPageRowsSelected()}
          indeterminate={table.getIsSomePageRowsSelected()}
          disabled={table.getRowModel().rows.length === 0}
          onChange={table.getToggleAllPageRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <Checkbox aria-label={`Select ${row.original.name}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
      ),
    },
    {
      id: "product",
      header: "Product",
      meta: { className: "min-w-40" },
      cell: ({ row: { original: product } }) => (
        <div className="flex items-center gap-3">
          <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
            {product.image ? (
              // Our own content-hashed image, already resized on upload.
              <img src={product.image} alt="" loading="lazy" className="size-full object-cover" />
            ) : (
              <ImageIcon className="size-5 text-slate-400" />
            )}
          </div>
          <div className="min-w-0">
            <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{product.name}</p>
            {product.description && (
              <p className="text-slate-600 [overflow-wrap:anywhere]" title={product.description}>
                {shorten(product.description, DESCRIPTION_PREVIEW_LENGTH)}
              </p>
            )}
            {/* On phones the URL path column is hidden; show the path here instead. */}
            <p className="font-mono text-xs text-slate-500 sm:hidden">/p/{product.url_path}</p>
          </div>
        </div>
      ),
    },
    {
      id: "url_path",
      header: "URL path",
      meta: { className: "hidden sm:table-cell" },
      cell: ({ row }) => (
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">{row.original.url_path}</code>
      ),
    },
    {
      id: "winners",
      header: "Winners",
      meta: { className: "text-center" },
      cell: ({ row: { original: product } }) => (
        <Link
          href={`/admin/winners?product=${product.id}`}
          aria-label={`${product.winners_count} winners of ${product.name}`}
          className={`inline-flex min-h-9 min-w-12 items-center justify-center rounded-full px-3 text-sm font-semibold transition-colors ${
            product.winners_count > 0
              ? "bg-emerald-50 text-emerald-800 hover:bg-emerald-100"
              : "bg-slate-100 text-slate-600 hover:bg-slate-200"
          }`}
        >
          {product.winners_count}
        </Link>
      ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => <RowActions product={row.original} {...handlers} />,
    },
  ];
}
