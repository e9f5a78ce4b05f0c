"use client";

import { type ReactNode, useState } from "react";
import { ScreenHeader } from "@/components/admin/screen-header";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";

/**
 * A list screen whose header's Add button opens a form above the list (accounts, webhook receivers): the
 * button hides while the form is open; `form` gets the function that closes it (cancel, or after saving).
 * `addLabel` null: no Add button (a role that only reads the list).
 */
export function AddingScreen({
  title,
  description,
  addLabel,
  banner,
  form,
  children,
}: {
  title: string;
  description: string;
  addLabel: string | null;
  banner: ReactNode;
  form: (close: () => void) => ReactNode;
  children: ReactNode;
}) {
  const [adding, setAdding] = useState(false);
  const close = () => setAdding(false);
  return (
    <div className="space-y-5">
      <ScreenHeader
        title={title}
        description={description}
        actions={
          !adding &&
          addLabel !== null && (
            <Button variant="primary" onClick={() => setAdding(true)}>
              <PlusIcon className="size-4" /> {addLabel}
            </Button>
          )
        }
      />
      {banner}
      {adding && form(close)}
      {children}
    </div>
  );
}
