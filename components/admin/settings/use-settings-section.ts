"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { type DefaultValues, type FieldValues, type Path, type UseFormReturn, useForm } from "react-hook-form";
import { useMay } from "@/components/admin/role-context";
import { useBanner } from "@/components/ui/banner";
import { applyServerErrors } from "@/lib/client/form-errors";
import { type SettingsChanges, type SystemSettings, settingsApi } from "@/lib/client/settings";
import { useHydrated } from "@/lib/client/use-hydrated";
import { WRITE_ROLES } from "@/shared/roles";

export type SettingsSectionOptions<Form extends FieldValues> = {
  /** The form's values while the settings load. */
  blank: DefaultValues<Form>;
  /** The form's values from saved settings (the undo goes back to them). */
  formValues: (settings: SystemSettings) => Form;
  /** The section's fields as PATCH /api/admin/settings/ takes them; `form` tells which fields were typed in. */
  changes: (values: Form, form: UseFormReturn<Form>) => SettingsChanges;
  /** A second write after the PATCH (the logo), given and returning the settings as saved. */
  alsoSave?: (saved: SystemSettings) => Promise<SystemSettings>;
  /** The fields the server's refusals are put on; `extra` for those kept outside the form (the logo). */
  fields: readonly Path<Form>[];
  extra?: Record<string, (message: string) => void>;
  savedMessage: string;
  failedMessage: string;
  /** After a save, with what was saved. */
  onSaved?: (saved: SystemSettings) => void;
  /** State kept outside the form goes back too, after a save and on undo (the logo picked). */
  onReset?: () => void;
};

/**
 * One settings section (server-behaviour.md, "The event's rules", "Branding", ...): the settings loaded, the
 * form filled from them once and left alone while the organiser types (the header's pause switch refreshes
 * them), the section's own fields saved on their own, a success banner, the server's refusals on their
 * fields, and undo back to what is saved.
 */
export function useSettingsSection<Form extends FieldValues>(options: SettingsSectionOptions<Form>) {
  const { blank, formValues, changes, alsoSave, fields, extra, savedMessage, failedMessage, onSaved, onReset } = options;
  const queryClient = useQueryClient();
  const { banner, show } = useBanner();
  // A viewer reads the settings; only owners and managers change them.
  const mayWrite = useMay(WRITE_ROLES);
  const [formError, setFormError] = useState<string | null>(null);
  const settings = useQuery({ queryKey: settingsApi.key, queryFn: ({ signal }) => settingsApi.get(signal) });
  // Shared with the header's event switch: shown once hydrated, as the server rendered it (rendering the
  // shared cache's answer during hydration is React's error #418).
  const hydrated = useHydrated();
  const form = useForm<Form>({ defaultValues: blank });
  const { reset, formState } = form;
  useEffect(() => {
    if (settings.data && !formState.isDirty) reset(formValues(settings.data));
  }, [settings.data, formState.isDirty, reset, formValues]);

  const save = useMutation({
    mutationFn: async (values: Form) => {
      const saved = await settingsApi.update(changes(values, form));
      return alsoSave ? alsoSave(saved) : saved;
    },
    onMutate: () => setFormError(null),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsApi.key, saved);
      reset(formValues(saved));
      onReset?.();
      show("success", savedMessage);
      onSaved?.(saved);
    },
    onError: (error) => setFormError(applyServerErrors<Form>(error, { fields, setError: form.setError, extra, fallback: failedMessage })),
  });

  return {
    form,
    /** The saved settings, once hydrated. */
    shown: hydrated ? settings.data : undefined,
    loadError: hydrated && settings.isError ? settings.error : null,
    mayWrite,
    banner,
    formError,
    saving: save.isPending,
    submit: form.handleSubmit((values) => save.mutate(values)),
    undo: () => {
      if (settings.data) reset(formValues(settings.data));
      onReset?.();
    },
  };
}
