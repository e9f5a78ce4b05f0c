"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/client/api";
import { displayApi } from "@/lib/client/display";

/**
 * The venue's big screen (/display/{token}): its address and QR code to open it on the TV, and a new
 * address when the old one got out (the old one stops at once, open screens included).
 */
export function BigScreenAddress({ onChanged, onFailed }: { onChanged: (message: string) => void; onFailed: (message: string) => void }) {
  const queryClient = useQueryClient();
  const address = useQuery({ queryKey: displayApi.key, queryFn: ({ signal }) => displayApi.get(signal) });
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: () => displayApi.rotate(),
    onSuccess: () => onChanged("The big screen has a new address: open it on the screen again. The old address no longer works."),
    onError: (error) => onFailed(errorMessage(error, "Failed to change the big screen's address.")),
    onSettled: () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: displayApi.key });
    },
  });
  if (!address.data) return <p className="text-sm text-slate-600">{address.isError ? "Failed to load the address." : "Loading…"}</p>;
  const { url, qr_code } = address.data;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">
        Winners as they win and what is left, for a TV at the venue. Add <code>?theme=light</code> for a bright hall.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <img
          src={qr_code}
          alt={`Big screen QR code for ${url}`}
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
      <Button size="sm" onClick={() => setConfirming(true)} className="self-start">
        Change the address
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Change the big screen's address"
        confirmLabel="Change it"
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate()}
      >
        <p>The current address stops working at once, also on a screen showing it now. Open the new address on the screen afterwards.</p>
      </ConfirmDialog>
    </div>
  );
}
