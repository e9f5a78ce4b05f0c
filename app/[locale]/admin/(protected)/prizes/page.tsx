import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { PrizesScreen } from "@/components/admin/prizes/prizes-screen";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.shell.nav");
  return { title: t("prizes") };
}

export default function PrizesPage() {
  // The screen keeps its page and search in the URL (useSearchParams): it renders in the browser.
  return (
    <Suspense>
      <PrizesScreen />
    </Suspense>
  );
}
