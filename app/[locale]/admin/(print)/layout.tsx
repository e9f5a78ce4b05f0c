import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { ADMIN_PATH_HEADER, loginPath } from "@/lib/auth/next-path";
import { getAdminSession } from "@/lib/auth/session";

// Printable admin pages: the same session guard as the admin area, without the sidebar shell.
export const dynamic = "force-dynamic";

export default async function PrintLayout({ children }: { children: ReactNode }) {
  if (!(await getAdminSession())) redirect(loginPath((await headers()).get(ADMIN_PATH_HEADER)));
  return <div className="min-h-dvh bg-slate-100 print:bg-white">{children}</div>;
}
