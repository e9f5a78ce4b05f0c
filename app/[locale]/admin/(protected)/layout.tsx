import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AdminShell } from "@/components/admin/admin-shell";
import { NotAllowed } from "@/components/admin/not-allowed";
import { AdminQueryProvider } from "@/components/admin/query-provider";
import { RoleProvider } from "@/components/admin/role-context";
import { ADMIN_HOME, ADMIN_PATH_HEADER, loginPath } from "@/lib/auth/next-path";
import { getAdminSession } from "@/lib/auth/session";
import { type AdminScreen, homeScreen, mayOpen, SCREEN_ROLES } from "@/shared/roles";

// Every request re-checks the session row, so a revoked session is refused at once.
export const dynamic = "force-dynamic";

/** The screen a path belongs to (`/admin/winners?x=1` -> `/admin/winners`), or null for none we know. */
function screenOf(path: string | null): AdminScreen | null {
  const pathname = (path ?? "").split("?")[0]!.replace(/\/+$/, "");
  return (Object.keys(SCREEN_ROLES) as AdminScreen[]).find((screen) => pathname === screen || pathname.startsWith(`${screen}/`)) ?? null;
}

export default async function ProtectedAdminLayout({ children }: { children: ReactNode }) {
  const requested = (await headers()).get(ADMIN_PATH_HEADER);
  const admin = await getAdminSession();
  if (!admin) redirect(loginPath(requested));
  const screen = screenOf(requested);
  // Sign-in lands on the dashboard; a role that may not open it (the desk) starts on its own screen instead.
  if (screen === ADMIN_HOME && !mayOpen(admin.role, screen)) redirect(homeScreen(admin.role));
  const allowed = screen === null || mayOpen(admin.role, screen);
  return (
    // The providers around the shell too: its header shows the event's state and the pause switch.
    <RoleProvider role={admin.role}>
      <AdminQueryProvider>
        <AdminShell adminName={admin.name} role={admin.role} actingEvent={admin.eventId}>
          {allowed ? children : <NotAllowed role={admin.role} home={homeScreen(admin.role)} />}
        </AdminShell>
      </AdminQueryProvider>
    </RoleProvider>
  );
}
