import { getTranslations } from "next-intl/server";
import { titledPage, urlStatePage } from "@/components/admin/url-state-page";
import { WebhooksScreen } from "@/components/admin/webhooks/webhooks-screen";

export const generateMetadata = titledPage(async () => (await getTranslations("admin.webhooks"))("title"));

export default urlStatePage(WebhooksScreen);
