"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { AddingScreen } from "@/components/admin/adding-screen";
import { ListScreenTable } from "@/components/admin/list/list-screen-table";
import { useAdminList } from "@/components/admin/list/use-admin-list";
import { useListTable } from "@/components/admin/list/use-list-table";
import { useMay } from "@/components/admin/role-context";
import { useBanner } from "@/components/ui/banner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { CalendarIcon, CopyIcon, PencilIcon, PowerIcon, TrashIcon, UndoIcon } from "@/components/ui/icons";
import { Modal } from "@/components/ui/modal";
import type { RowAction } from "@/components/ui/row-actions";
import { errorMessage } from "@/lib/client/api";
import { eventsApi } from "@/lib/client/events";
import type { EventRow } from "@/shared/contracts/events";
import { WRITE_ROLES } from "@/shared/roles";
import { eventColumns } from "./columns";
import { EventForm } from "./event-form";

const NO_FILTERS = {};

/** A status change waiting for its confirmation. */
type Asked = { event: EventRow; change: "goLive" | "close" | "remove" };

/**
 * /admin/events: the installation's events this account may act on, with status and counts. Owners and
 * managers make one, rename it, copy it (keeping the printed QR codes' addresses or not), take it live
 * (closing a live event that shares an address), close it, and delete a draft; the others read.
 */
export function EventsScreen() {
  const t = useTranslations("admin.events");
  const common = useTranslations("common");
  const mayChange = useMay(WRITE_ROLES);
  const list = useAdminList<EventRow, Record<string, string>>({ api: eventsApi, filters: NO_FILTERS, failureMessage: t("loadFailed") });
  const { banner, show } = useBanner();
  const [renaming, setRenaming] = useState<EventRow | null>(null);
  const [copying, setCopying] = useState<EventRow | null>(null);
  const [asked, setAsked] = useState<Asked | null>(null);

  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: async ({ event, change: which }: Asked): Promise<void> => {
      if (which === "remove") await eventsApi.remove(event.id);
      else if (which === "goLive") await eventsApi.goLive(event.id);
      else await eventsApi.close(event.id);
    },
    onSuccess: (_result, { event, change: which }) => show("success", t(`${which}Done`, { name: event.name })),
    onError: (error, { change: which }) => show("error", errorMessage(error, t(`${which}Failed`))),
    // Every query: a status change moves what visitors see, and may move the default (the event acted on).
    onSettled: () => {
      setAsked(null);
      void queryClient.invalidateQueries();
    },
  });

  const actions = useMemo<RowAction<EventRow>[]>(
    () =>
      mayChange
        ? [
            { label: t("rename"), icon: <PencilIcon className="size-4" />, onClick: setRenaming },
            { label: t("copy"), icon: <CopyIcon className="size-4" />, onClick: setCopying },
            {
              label: t("goLive"),
              icon: <PowerIcon className="size-4" />,
              tone: "primary",
              hidden: (event) => event.status === "live",
              onClick: (event) => setAsked({ event, change: "goLive" }),
            },
            {
              label: t("close"),
              icon: <UndoIcon className="size-4" />,
              tone: "danger",
              hidden: (event) => event.status !== "live",
              onClick: (event) => setAsked({ event, change: "close" }),
            },
            {
              label: common("delete"),
              icon: <TrashIcon className="size-4" />,
              tone: "danger",
              hidden: (event) => event.status !== "draft",
              onClick: (event) => setAsked({ event, change: "remove" }),
            },
          ]
        : [],
    [mayChange, t, common],
  );
  const columns = useMemo(() => eventColumns({ actions, t, actionsLabel: common("actions") }), [actions, t, common]);
  const { table } = useListTable(list, columns);
  const name = asked?.event.name ?? "";

  return (
    <AddingScreen
      title={t("title")}
      description={t("description")}
      addLabel={mayChange ? t("newEvent") : null}
      banner={banner}
      form={(close) => (
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <EventForm
            label={t("newEvent")}
            submitLabel={t("create")}
            failedMessage={t("createFailed")}
            onCancel={close}
            onSubmit={async ({ name: newName }) => {
              await eventsApi.create({ name: newName });
              close();
              show("success", t("created", { name: newName }));
              list.showFirstPage();
            }}
          />
        </div>
      )}
    >
      <ListScreenTable
        screen="events"
        list={list}
        table={table}
        empty={<EmptyState icon={<CalendarIcon />} title={t("emptyTitle")} description={t("emptyDescription")} />}
      />
      <Modal open={renaming !== null} onClose={() => setRenaming(null)} title={t("renameTitle")} description={renaming?.name}>
        {renaming && (
          <EventForm
            key={renaming.id}
            label={t("renameTitle")}
            name={renaming.name}
            submitLabel={common("save")}
            failedMessage={t("renameFailed")}
            onCancel={() => setRenaming(null)}
            onSubmit={async ({ name: newName }) => {
              await eventsApi.update(renaming.id, { name: newName });
              setRenaming(null);
              show("success", t("renamed", { name: newName }));
              void list.invalidate();
            }}
          />
        )}
      </Modal>
      <Modal open={copying !== null} onClose={() => setCopying(null)} title={t("copyTitle", { name: copying?.name ?? "" })}>
        {copying && (
          <EventForm
            key={copying.id}
            label={t("copyTitle", { name: copying.name })}
            name={t("copyName", { name: copying.name })}
            copying
            submitLabel={t("copy")}
            failedMessage={t("copyFailed")}
            onCancel={() => setCopying(null)}
            onSubmit={async (values) => {
              await eventsApi.copy(copying.id, values);
              setCopying(null);
              show("success", t("copied", { name: values.name }));
              void list.invalidate();
            }}
          />
        )}
      </Modal>
      <ConfirmDialog
        open={asked !== null}
        onClose={() => setAsked(null)}
        title={asked ? t(`${asked.change}Title`, { name }) : ""}
        confirmLabel={asked ? t(`${asked.change}Confirm`) : ""}
        variant={asked?.change === "goLive" ? "primary" : "danger"}
        busy={change.isPending}
        onConfirm={() => asked && change.mutate(asked)}
      >
        {asked && t(`${asked.change}Body`, { name })}
      </ConfirmDialog>
    </AddingScreen>
  );
}
