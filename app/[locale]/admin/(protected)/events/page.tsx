import { getTranslations } from "next-intl/server";
import { EventsScreen } from "@/components/admin/events/events-screen";
import { titledPage, urlStatePage } from "@/components/admin/url-state-page";

export const generateMetadata = titledPage(async () => (await getTranslations("admin.events"))("title"));

export default urlStatePage(EventsScreen);
