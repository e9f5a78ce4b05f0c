import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AdminShell } from "@/components/admin/admin-shell";
import { AdminQueryProvider } from "@/components/admin/query-provider";
import { ADMIN_PATH_HEADER, loginPath } from "@/lib/auth/next-path";
import { getAdminSession } from "@/lib/auth/session";

// Every request re-checks the session row, so a revoked session is refused at once.
export const dynamic = "force-dynamic";

export default async function ProtectedAdminLayout({ children }: { children: ReactNode }) {
  const admin = await getAdminSession();
  if (!admin) redirect(loginPath((await headers()).get(ADMIN_PATH_HEADER)));
  return (
    // The provider around the shell too: its header shows the event's state and the pause switch.
    <AdminQueryProvider>
      <AdminShell adminName={admin.name}>{children}</AdminShell>
    </AdminQueryProvider>
  );
}
