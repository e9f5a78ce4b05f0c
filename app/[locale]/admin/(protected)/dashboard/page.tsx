import type { Metadata } from "next";
import { DashboardScreen } from "@/components/admin/dashboard/dashboard-screen";
import { getConfig } from "@/lib/config";

export const metadata: Metadata = { title: "Dashboard" };

export default function DashboardPage() {
  return <DashboardScreen timeZone={getConfig().timeZone} />;
}
