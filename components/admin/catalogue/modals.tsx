"use client";

import type { ReactNode } from "react";
import { ConfirmByTyping } from "@/components/ui/confirm-by-typing";
import { Modal } from "@/components/ui/modal";
import { type CatalogueKind, useCatalogueWords } from "./words";

/** What a catalogue screen hands its edit modal besides the item and its save: the same for products and prizes. */
export type EditModalWiring = {
  saving: boolean;
  /** Every way of closing (backdrop, Escape, Cancel): the screen asks first when there are unsaved changes. */
  onClose: () => void;
  /** The form's unsaved changes, for the screen's discard guard. */
  onDirtyChange: (dirty: boolean) => void;
};

/** The edit modal of a product or prize: titled "Edit <noun>" over the item's name, held open while saving. */
export function EditItemModal({
  noun,
  item,
  saving,
  onClose,
  children,
}: Omit<EditModalWiring, "onDirtyChange"> & {
  noun: CatalogueKind;
  item: { name: string } | null;
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

/** Deleting one product or prize, confirmed by typing its exact name (spec §5), as a step of the screen's delete flow. */
export function DeleteByNameModal({
  noun,
  item,
  flow,
  children,
}: {
  noun: CatalogueKind;
  item: { name: string } | null;
  flow: { busy: boolean; error: string | null; close: () => void; confirm: () => void };
  /** What the delete does, in the entity's words. */
  children: ReactNode;
}) {
  const t = useCatalogueWords(noun);
  return (
    <ConfirmByTyping
      open={item !== null}
      onClose={flow.close}
      title={t("deleteTitle")}
      phrase={item?.name ?? ""}
      inputLabel={t.rich("typeName", {
        name: item?.name ?? "",
        strong: (chunks) => <strong className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{chunks}</strong>,
      })}
      mismatchMessage={t("nameMismatch")}
      busy={flow.busy}
      error={flow.error}
      onConfirm={() => item && flow.confirm()}
    >
      {children}
    </ConfirmByTyping>
  );
}
