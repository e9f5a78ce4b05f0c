import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { ROLE_LABELS, type Role } from "@/lib/auth/roles";

/** What a screen typed by hand shows to a role that may not open it: never a half-working page. */
export function NotAllowed({ role, home }: { role: Role; home: string }) {
  return (
    <section
      aria-labelledby="not-allowed-title"
      className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8"
    >
      <h1 id="not-allowed-title" className="text-xl font-semibold text-slate-900">
        Not allowed for your role
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        Your account's role is <strong>{ROLE_LABELS[role]}</strong>, which cannot open this screen. Ask an owner if you need it.
      </p>
      <Link href={home} className={buttonClass({ variant: "primary", className: "mt-6" })}>
        Go to your start screen
      </Link>
    </section>
  );
}
