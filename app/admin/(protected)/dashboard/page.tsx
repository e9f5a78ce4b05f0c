import type { Metadata } from "next";
import { ScreenHeader } from "@/components/admin/screen-header";

export const metadata: Metadata = { title: "Dashboard" };

export default function DashboardPage() {
  return <ScreenHeader title="Dashboard" description="This screen is coming soon." />;
}
