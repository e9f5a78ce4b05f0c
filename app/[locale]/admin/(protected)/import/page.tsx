import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ImportScreen } from "@/components/admin/import/import-screen";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.import");
  return { title: t("title") };
}

export default function ImportPage() {
  return <ImportScreen />;
}
