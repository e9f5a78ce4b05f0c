import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { getAdminSession } from "@/lib/auth/session";

// Printable admin pages: the same session guard as the admin area, without the sidebar shell.
export const dynamic = "force-dynamic";

export default async function PrintLayout({ children }: { children: ReactNode }) {
  if (!(await getAdminSession())) redirect("/admin/login");
  return <div className="min-h-dvh bg-slate-100 print:bg-white">{children}</div>;
}
