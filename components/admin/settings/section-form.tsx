"use client";

import type { FormEventHandler, ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { SectionActions } from "./section-actions";

/**
 * One card-sized section of /admin/settings (branding, collecting prizes, privacy) as its own form, saved
 * apart from the others: its banner, its fields in a titled card under an introduction (disabled for
 * readers), anything shown beside them (`after`: a preview), then the refusal, Undo and the named Save.
 */
export function SettingsSectionForm({
  section,
  words,
  dirty,
  saveDisabled,
  after,
  children,
}: {
  section: { submit: FormEventHandler<HTMLFormElement>; banner: ReactNode; mayWrite: boolean } & Parameters<
    typeof SectionActions
  >[0]["section"];
  /** The section's own title (also the form's name), introduction and button labels. */
  words: { title: string; intro: string; undo: string; save: string };
  dirty: boolean;
  saveDisabled?: boolean;
  after?: ReactNode;
  /** The fields, stacked inside the card. */
  children: ReactNode;
}) {
  return (
    <form onSubmit={section.submit} noValidate className="mt-6 space-y-6" aria-label={words.title}>
      {section.banner}
      <fieldset disabled={!section.mayWrite}>
        <Card title={words.title}>
          <p className="mb-4 text-sm text-slate-600">{words.intro}</p>
          <div className="space-y-4">{children}</div>
        </Card>
      </fieldset>
      {after}
      <SectionActions section={section} undoLabel={words.undo} saveLabel={words.save} dirty={dirty} saveDisabled={saveDisabled} />
    </form>
  );
}
