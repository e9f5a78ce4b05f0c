import type { Metadata } from "next";
import { Suspense } from "react";
import { AuditScreen } from "@/components/admin/audit/audit-screen";

export const metadata: Metadata = { title: "Audit log" };

export default function AuditPage() {
  // The screen reads its filters from the URL (useSearchParams): it renders in the browser.
  return (
    <Suspense>
      <AuditScreen />
    </Suspense>
  );
}
