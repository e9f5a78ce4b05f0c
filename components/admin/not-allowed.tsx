import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { IntentLink } from "@/components/ui/intent-link";
import type { Role } from "@/shared/roles";

/** What a screen typed by hand shows to a role that may not open it: never a half-working page. */
export function NotAllowed({ role, home }: { role: Role; home: string }) {
  const t = useTranslations("admin.shell");
  return (
    <section
      aria-labelledby="not-allowed-title"
      className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8"
    >
      <h1 id="not-allowed-title" className="text-xl font-semibold text-slate-900">
        {t("notAllowed.title")}
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        {t.rich("notAllowed.body", { role: t(`roles.${role}`), strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      <IntentLink href={home} className={buttonClass({ variant: "primary", className: "mt-6" })}>
        {t("notAllowed.home")}
      </IntentLink>
    </section>
  );
}
