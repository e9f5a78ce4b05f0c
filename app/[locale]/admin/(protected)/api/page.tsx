import { getTranslations } from "next-intl/server";
import { ApiScreen } from "@/components/admin/api/api-screen";
import { titledPage } from "@/components/admin/url-state-page";

export const generateMetadata = titledPage(async () => (await getTranslations("admin.api"))("title"));

export default function ApiPage() {
  return <ApiScreen />;
}
