import type { ReactNode } from "react";
import { GiftIcon } from "@/components/ui/icons";

/** A slim brand bar, so a visitor knows where the QR code took them. Plain text: nothing to download. */
export function PublicHeader({ brand, children }: { brand: string; children?: ReactNode }) {
  return (
    <header className="border-b border-rose-900/20 bg-rose-700 text-white">
      <div className="mx-auto flex h-12 w-full max-w-md items-center gap-2 px-4 md:max-w-4xl md:px-8">
        <GiftIcon className="size-5" />
        <span className="text-base font-bold tracking-tight">{brand}</span>
        {children && <div className="ml-auto flex">{children}</div>}
      </div>
    </header>
  );
}
