import type { Metadata } from "next";
import { ScreenHeader } from "@/components/admin/screen-header";

export const metadata: Metadata = { title: "Product management" };

export default function ProductsPage() {
  return <ScreenHeader title="Product management" description="This screen is coming soon." />;
}
