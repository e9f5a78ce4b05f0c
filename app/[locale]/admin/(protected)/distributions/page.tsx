import type { Metadata } from "next";
import { headers } from "next/headers";
import { Suspense } from "react";
import { PlacementsScreen } from "@/components/admin/placements/placements-screen";
import { qrBaseUrl } from "@/lib/qr/base-url";

export const metadata: Metadata = { title: "Prize placement" };

export default async function DistributionsPage() {
  // Server-side, so the QR modal shows the very address the QR PNGs encode.
  const { baseUrl } = qrBaseUrl(await headers());
  return (
    <Suspense>
      <PlacementsScreen qrBaseUrl={baseUrl} />
    </Suspense>
  );
}
