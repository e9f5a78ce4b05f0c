import type { Metadata } from "next";
import { ScreenHeader } from "@/components/admin/screen-header";

export const metadata: Metadata = { title: "Prize management" };

export default function PrizesPage() {
  return <ScreenHeader title="Prize management" description="This screen is coming soon." />;
}
