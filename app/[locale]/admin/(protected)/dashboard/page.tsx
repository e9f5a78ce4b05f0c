import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DashboardScreen } from "@/components/admin/dashboard/dashboard-screen";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.shell.nav");
  return { title: t("dashboard") };
}

export default function DashboardPage() {
  return <DashboardScreen />;
}
