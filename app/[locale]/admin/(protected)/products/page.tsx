import type { Metadata } from "next";
import { headers } from "next/headers";
import { ProductsScreen } from "@/components/admin/products/products-screen";
import { qrBaseUrl } from "@/lib/qr/base-url";

export const metadata: Metadata = { title: "Product management" };

export default async function ProductsPage() {
  // Server-side, so the QR modal shows the very address the QR PNGs encode.
  const { baseUrl, configured } = qrBaseUrl(await headers());
  return <ProductsScreen qrBaseUrl={baseUrl} baseUrlConfigured={configured} />;
}
