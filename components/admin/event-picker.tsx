"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { inputClass } from "@/components/ui/field";
import { errorMessage } from "@/lib/client/api";
import { eventsApi } from "@/lib/client/events";

/** The events' list under the key every events write invalidates, so the picker follows the events screen. */
const allEventsKey = [...eventsApi.key, "all"] as const;

/** The event the account's calls act on (GET /api/admin/session/), first as the page was rendered with. */
export function useActingEvent(initial: number | null) {
  return useQuery({
    queryKey: eventsApi.actingKey,
    queryFn: ({ signal }) => eventsApi.acting(signal),
    initialData: initial ?? undefined,
  }).data;
}

/**
 * The header's event picker: the account's events with their status, the one its calls act on chosen.
 * Choosing another makes it the account's selected event (PUT /api/admin/selected-event/), then every
 * query is refetched: all admin data is the event's, so every screen redraws for the new one.
 */
export function EventPicker({ acting }: { acting: number | undefined }) {
  const t = useTranslations("admin.shell.eventPicker");
  const statusName = useTranslations("admin.events.status");
  const id = useId();
  const queryClient = useQueryClient();
  const events = useQuery({ queryKey: allEventsKey, queryFn: ({ signal }) => eventsApi.all(signal) });
  const choose = useMutation({
    mutationFn: (event: number) => eventsApi.select(event),
    onSuccess: (event) => {
      queryClient.setQueryData(eventsApi.actingKey, event.id);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== eventsApi.actingKey[0] });
    },
  });
  if (!events.data || acting === undefined) return null;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-700 max-md:sr-only">
        {t("label")}
      </label>
      <select
        id={id}
        value={choose.isPending ? choose.variables : acting}
        disabled={choose.isPending}
        aria-describedby={choose.isError ? `${id}-error` : undefined}
        onChange={(change) => choose.mutate(Number(change.target.value))}
        className={`${inputClass} min-w-0 md:max-w-64 lg:max-w-80`}
      >
        {events.data.map((event) => (
          <option key={event.id} value={event.id}>
            {t("option", { name: event.name, status: statusName(event.status) })}
          </option>
        ))}
      </select>
      {choose.isError && (
        <p id={`${id}-error`} role="alert" className="shrink-0 text-sm font-medium text-red-700">
          {errorMessage(choose.error, t("failed"))}
        </p>
      )}
    </div>
  );
}
