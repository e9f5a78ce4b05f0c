import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DeskScreen } from "@/components/admin/desk/desk-screen";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.desk");
  return { title: t("title") };
}

export default function DeskPage() {
  return <DeskScreen />;
}
