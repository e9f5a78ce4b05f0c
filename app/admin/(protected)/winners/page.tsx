import type { Metadata } from "next";
import { ScreenHeader } from "@/components/admin/screen-header";

export const metadata: Metadata = { title: "Winner management" };

export default function WinnersPage() {
  return <ScreenHeader title="Winner management" description="This screen is coming soon." />;
}
