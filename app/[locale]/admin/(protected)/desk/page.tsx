import type { Metadata } from "next";
import { DeskScreen } from "@/components/admin/desk/desk-screen";

export const metadata: Metadata = { title: "Prize desk" };

export default function DeskPage() {
  return <DeskScreen />;
}
