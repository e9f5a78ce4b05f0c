import type { Metadata } from "next";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { ProductsScreen } from "@/components/admin/products/products-screen";
import { qrBaseUrl } from "@/lib/qr/base-url";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.shell.nav");
  return { title: t("products") };
}

export default async function ProductsPage() {
  // Server-side, so the QR modal shows the very address the QR PNGs encode.
  const { baseUrl, configured } = qrBaseUrl(await headers());
  return <ProductsScreen qrBaseUrl={baseUrl} baseUrlConfigured={configured} />;
}
