import type { Metadata } from "next";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { PlacementsScreen } from "@/components/admin/placements/placements-screen";
import { qrBaseUrl } from "@/lib/qr/base-url";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.shell.nav");
  return { title: t("placements") };
}

export default async function PlacementsPage() {
  // Server-side, so the QR modal shows the very address the QR PNGs encode.
  const { baseUrl } = qrBaseUrl(await headers());
  return (
    <Suspense>
      <PlacementsScreen qrBaseUrl={baseUrl} />
    </Suspense>
  );
}
