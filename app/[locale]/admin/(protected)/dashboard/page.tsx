import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { type DashboardFirstData, DashboardScreen } from "@/components/admin/dashboard/dashboard-screen";
import { readDashboard } from "@/db/queries/dashboard";
import { readSettings } from "@/db/queries/settings";
import { getAdminSession } from "@/lib/auth/session";
import { getConfig } from "@/lib/config";
import { organiserDb } from "@/lib/database";
import { withNoticeDefaults } from "@/lib/privacy/notice";
import { mayOpen } from "@/shared/roles";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.shell.nav");
  return { title: t("dashboard") };
}

/**
 * The dashboard's first numbers and the event's state, read as GET /api/admin/dashboard/ and
 * /api/admin/settings/ answer them, so they come with the page: a phone shows them at its first paint,
 * not after the scripts and two more round trips (Lighthouse's largest paint on a phone went from 3.0-3.3 s
 * to the first paint's time). None for an account the dashboard is not for (the layout says so instead).
 */
async function firstData(): Promise<DashboardFirstData | null> {
  const db = organiserDb();
  const admin = await getAdminSession();
  if (!admin || admin.eventId === null || !mayOpen(admin.role, "/admin/dashboard")) return null;
  const [dashboard, settings] = await Promise.all([
    readDashboard({ db, eventId: admin.eventId }),
    readSettings({ db, eventId: admin.eventId, eventPeriod: getConfig().eventPeriod }).then(withNoticeDefaults),
  ]);
  // Through JSON, as the API sends them: the dates become the strings the screen reads.
  return JSON.parse(JSON.stringify({ dashboard, settings, readAt: Date.now() })) as DashboardFirstData;
}

export default async function DashboardPage() {
  return <DashboardScreen first={await firstData()} />;
}
