import { useTranslations } from "next-intl";

/** Active / inactive as a coloured word (prizes, placements): green when on, grey when off. */
export function StatusBadge({ active, activeLabel, inactiveLabel }: { active: boolean; activeLabel?: string; inactiveLabel?: string }) {
  const t = useTranslations("ui.status");
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold ${
        active ? "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200" : "bg-slate-100 text-slate-600 ring-1 ring-slate-200"
      }`}
    >
      {active ? (activeLabel ?? t("active")) : (inactiveLabel ?? t("inactive"))}
    </span>
  );
}
