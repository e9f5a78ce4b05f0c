import type { Metadata } from "next";
import { Suspense } from "react";
import { WinnersScreen } from "@/components/admin/winners/winners-screen";

export const metadata: Metadata = { title: "Winner management" };

export default function WinnersPage() {
  // The screen reads its filters from the URL (useSearchParams): it renders in the browser.
  return (
    <Suspense>
      <WinnersScreen />
    </Suspense>
  );
}
