import { BrandLogo } from "@/components/branding/brand-logo";
import { GiftIcon } from "@/components/ui/icons";
import type { Branding } from "@/lib/contracts/branding";

/** A slim brand bar, so a visitor knows where the QR code took them: the event's logo (or a gift) and name. */
export function PublicHeader({ branding }: { branding: Pick<Branding, "event_name" | "logo"> }) {
  return (
    <header className="border-b border-prize-900/20 bg-prize-700 text-white">
      <div className="mx-auto flex h-12 w-full max-w-md items-center gap-2 px-4 md:max-w-4xl md:px-8">
        {branding.logo ? (
          <BrandLogo logo={branding.logo} height={32} maxWidth={112} className="rounded-sm bg-white/95 p-0.5" />
        ) : (
          <GiftIcon className="size-5" />
        )}
        <span className="truncate text-base font-bold tracking-tight" data-testid="event-name">
          {branding.event_name}
        </span>
      </div>
    </header>
  );
}
