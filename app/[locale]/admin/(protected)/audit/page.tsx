import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { AuditScreen } from "@/components/admin/audit/audit-screen";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.audit");
  return { title: t("title") };
}

export default function AuditPage() {
  // The screen reads its filters from the URL (useSearchParams): it renders in the browser.
  return (
    <Suspense>
      <AuditScreen />
    </Suspense>
  );
}
