"use client";

import type { ReactNode } from "react";
import { ConfirmByTyping } from "@/components/ui/confirm-by-typing";
import { Modal } from "@/components/ui/modal";
import { type CatalogueKind, useCatalogueWords } from "./words";

/** The edit modal of a product or prize: titled "Edit <noun>" over the item's name, held open while saving. */
export function EditItemModal({
  noun,
  item,
  saving,
  onClose,
  children,
}: {
  noun: CatalogueKind;
  item: { name: string } | null;
  saving: boolean;
  /** Every way of closing (backdrop, Escape, Cancel): the screen asks first when there are unsaved changes. */
  onClose: () => void;
  /** The edit form, rendered while `item` is set. */
  children: ReactNode;
}) {
  const t = useCatalogueWords(noun);
  return (
    <Modal open={item !== null} onClose={onClose} title={t("editTitle")} description={item?.name} size="2xl" dismissible={!saving}>
      {item && children}
    </Modal>
  );
}

/** Deleting one product or prize, confirmed by typing its exact name (spec §5). */
export function DeleteByNameModal<Item extends { name: string }>({
  noun,
  item,
  busy,
  error,
  onClose,
  onConfirm,
  children,
}: {
  noun: CatalogueKind;
  item: Item | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (item: Item) => void;
  /** What the delete does, in the entity's words. */
  children: ReactNode;
}) {
  const t = useCatalogueWords(noun);
  return (
    <ConfirmByTyping
      open={item !== null}
      onClose={onClose}
      title={t("deleteTitle")}
      phrase={item?.name ?? ""}
      inputLabel={t.rich("typeName", {
        name: item?.name ?? "",
        strong: (chunks) => <strong className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{chunks}</strong>,
      })}
      mismatchMessage={t("nameMismatch")}
      busy={busy}
      error={error}
      onConfirm={() => item && onConfirm(item)}
    >
      {children}
    </ConfirmByTyping>
  );
}
