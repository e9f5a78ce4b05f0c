"use client";

import type { ReactNode } from "react";
import { ConfirmByTyping } from "@/components/ui/confirm-by-typing";
import { Modal } from "@/components/ui/modal";

/** The edit modal of a product or prize: titled "Edit <noun>" over the item's name, held open while saving. */
export function EditItemModal({
  noun,
  item,
  saving,
  onClose,
  children,
}: {
  noun: string;
  item: { name: string } | null;
  saving: boolean;
  /** Every way of closing (backdrop, Escape, Cancel): the screen asks first when there are unsaved changes. */
  onClose: () => void;
  /** The edit form, rendered while `item` is set. */
  children: ReactNode;
}) {
  return (
    <Modal open={item !== null} onClose={onClose} title={`Edit ${noun}`} description={item?.name} size="2xl" dismissible={!saving}>
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
  noun: string;
  item: Item | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (item: Item) => void;
  /** What the delete does, in the entity's words. */
  children: ReactNode;
}) {
  return (
    <ConfirmByTyping
      open={item !== null}
      onClose={onClose}
      title={`Delete ${noun}`}
      phrase={item?.name ?? ""}
      inputLabel={
        <>
          Type the {noun} name <strong className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{item?.name}</strong> to confirm.
        </>
      }
      mismatchMessage="The name does not match."
      busy={busy}
      error={error}
      onConfirm={() => item && onConfirm(item)}
    >
      {children}
    </ConfirmByTyping>
  );
}
