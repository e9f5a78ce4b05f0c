import { useTranslations } from "next-intl";
import { NotFoundScreen } from "@/components/public/not-found-screen";

/**
 * An unknown /p/{urlPath} (spec §8: 'Product information not found.'), with the scan-the-QR-code hint and
 * the spec's return-to-home button.
 */
export default function ProductNotFound() {
  const t = useTranslations("notFound");
  return <NotFoundScreen title={t("product")} returnHome />;
}
