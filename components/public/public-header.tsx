import type { ReactNode } from "react";
import { BrandLogo } from "@/components/branding/brand-logo";
import { GiftIcon } from "@/components/ui/page-icons";
import type { Branding } from "@/shared/contracts/branding";

/**
 * A slim brand bar, so a visitor knows where the QR code took them: the event's logo (or a gift) and name,
 * in the visitor's language when the organiser named none; `children` at its end (the language switch).
 */
export function PublicHeader({ name, logo, children }: { name: string; logo: Branding["logo"]; children?: ReactNode }) {
  return (
    <header className="border-b border-prize-900/20 bg-prize-700 text-white">
      <div className="mx-auto flex h-12 w-full max-w-md items-center gap-2 px-4 md:max-w-4xl md:px-8">
        {logo ? (
          <BrandLogo logo={logo} height={32} maxWidth={112} className="rounded-sm bg-white/95 p-0.5" />
        ) : (
          <GiftIcon className="size-5" />
        )}
        <span className="truncate text-base font-bold tracking-tight" data-testid="event-name">
          {name}
        </span>
        {children && <div className="ml-auto flex">{children}</div>}
      </div>
    </header>
  );
}
