import type { Metadata } from "next";
import { ScreenHeader } from "@/components/admin/screen-header";

export const metadata: Metadata = { title: "Prize placement" };

export default function PlacementsPage() {
  return <ScreenHeader title="Prize placement" description="This screen is coming soon." />;
}
