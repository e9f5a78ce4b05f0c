"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useMay } from "@/components/admin/role-context";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/client/api";
import { displayApi } from "@/lib/client/display";
import { WRITE_ROLES } from "@/shared/roles";

/**
 * The venue's big screen (/display/{token}): its address and QR code to open it on the TV, and a new
 * address when the old one got out (the old one stops at once, open screens included). A viewer reads the
 * address and its QR code; only the roles that may change it are offered the button.
 */
export function BigScreenAddress({ onChanged, onFailed }: { onChanged: (message: string) => void; onFailed: (message: string) => void }) {
  const t = useTranslations("admin.placements.bigScreen");
  const queryClient = useQueryClient();
  const mayChange = useMay(WRITE_ROLES);
  const address = useQuery({ queryKey: displayApi.key, queryFn: ({ signal }) => displayApi.get(signal) });
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: () => displayApi.rotate(),
    onSuccess: () => onChanged(t("changed")),
    onError: (error) => onFailed(errorMessage(error, t("changeFailed"))),
    onSettled: () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: displayApi.key });
    },
  });
  if (!address.data) return <p className="text-sm text-slate-600">{address.isError ? t("loadFailed") : t("loading")}</p>;
  const { url, qr_code } = address.data;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">{t.rich("about", { code: (chunks) => <code>{chunks}</code> })}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <img
          src={qr_code}
          alt={t("qrAlt", { url })}
          width={128}
          height={128}
          className="size-32 shrink-0 rounded-lg border border-slate-200 bg-white"
        />
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className="min-w-0 break-all text-sm text-primary-700 underline-offset-2 hover:underline"
        >
          {url}
        </a>
      </div>
      {mayChange && (
        <Button size="sm" onClick={() => setConfirming(true)} className="self-start">
          {t("change")}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("confirmTitle")}
        confirmLabel={t("confirm")}
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate()}
      >
        <p>{t("confirmBody")}</p>
      </ConfirmDialog>
    </div>
  );
}
