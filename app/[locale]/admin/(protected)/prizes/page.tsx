import type { Metadata } from "next";
import { Suspense } from "react";
import { PrizesScreen } from "@/components/admin/prizes/prizes-screen";

export const metadata: Metadata = { title: "Prize management" };

export default function PrizesPage() {
  // The screen keeps its page and search in the URL (useSearchParams): it renders in the browser.
  return (
    <Suspense>
      <PrizesScreen />
    </Suspense>
  );
}
