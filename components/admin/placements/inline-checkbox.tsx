"use client";

import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";

/**
 * A placing form's check box: box and label on one line (the whole line clickable, 44 px high), and, with
 * `note`, a line in small type under it that says what ticking it does, read out with the box.
 */
export function InlineCheckbox({
  label,
  note,
  checked,
  onChange,
}: {
  label: string;
  note?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const box = (
    <label htmlFor={id} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
      <Checkbox
        id={id}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={note ? noteId : undefined}
      />
      {label}
    </label>
  );
  if (!note) return box;
  return (
    <div>
      {box}
      <p id={noteId} className="-mt-1 pl-7 text-xs text-slate-600">
        {note}
      </p>
    </div>
  );
}
