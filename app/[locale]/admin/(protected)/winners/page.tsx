import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { WinnersScreen } from "@/components/admin/winners/winners-screen";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.winners");
  return { title: t("title") };
}

export default function WinnersPage() {
  // The screen reads its filters from the URL (useSearchParams): it renders in the browser.
  return (
    <Suspense>
      <WinnersScreen />
    </Suspense>
  );
}
