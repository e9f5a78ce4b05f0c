"use client";

import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";

/** A settings section's foot: its refusal, then Undo and its own named Save (writers only). */
export function SectionActions({
  section,
  undoLabel,
  saveLabel,
  dirty,
  saveDisabled = false,
}: {
  section: { mayWrite: boolean; formError: string | null; saving: boolean; undo: () => void };
  undoLabel: string;
  saveLabel: string;
  dirty: boolean;
  saveDisabled?: boolean;
}) {
  return (
    <>
      <FormAlert message={section.formError} />
      <div className={section.mayWrite ? "flex justify-end gap-2" : "hidden"}>
        <Button type="button" disabled={!dirty || section.saving} onClick={section.undo}>
          {undoLabel}
        </Button>
        <Button type="submit" variant="primary" busy={section.saving} disabled={saveDisabled}>
          {saveLabel}
        </Button>
      </div>
    </>
  );
}
