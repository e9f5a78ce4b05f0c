"use client";

import { PencilIcon, QrCodeIcon, TrashIcon } from "@/components/ui/icons";
import type { ProductRow } from "./columns";

const actionClass =
  "inline-flex min-h-10 min-w-10 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium transition-colors lg:px-3";

export type ProductRowHandlers = {
  onShowQr: (product: ProductRow) => void;
  onEdit: (product: ProductRow) => void;
  onDelete: (product: ProductRow) => void;
};

/** QR, edit and delete for one row; icon-only on small screens, labelled with the product for screen readers. */
export function RowActions({ product, onShowQr, onEdit, onDelete }: ProductRowHandlers & { product: ProductRow }) {
  return (
    // Stacked on phones so the table fits the screen without scrolling sideways.
    <div className="flex flex-col items-end gap-1 sm:flex-row sm:items-center sm:justify-end">
      <button
        type="button"
        onClick={() => onShowQr(product)}
        aria-label={`QR code of ${product.name}`}
        title="QR code"
        className={`${actionClass} text-slate-700 hover:bg-slate-100`}
      >
        <QrCodeIcon className="size-5" />
        <span className="hidden lg:inline" aria-hidden="true">
          QR
        </span>
      </button>
      <button
        type="button"
        onClick={() => onEdit(product)}
        aria-label={`Edit ${product.name}`}
        title="Edit"
        className={`${actionClass} text-indigo-700 hover:bg-indigo-50`}
      >
        <PencilIcon className="size-5" />
        <span className="hidden lg:inline" aria-hidden="true">
          Edit
        </span>
      </button>
      <button
        type="button"
        onClick={() => onDelete(product)}
        aria-label={`Delete ${product.name}`}
        title="Delete"
        className={`${actionClass} text-red-700 hover:bg-red-50`}
      >
        <TrashIcon className="size-5" />
        <span className="hidden lg:inline" aria-hidden="true">
          Delete
        </span>
      </button>
    </div>
  );
}
