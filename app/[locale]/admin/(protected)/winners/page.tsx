import { getTranslations } from "next-intl/server";
import { titledPage, urlStatePage } from "@/components/admin/url-state-page";
import { WinnersScreen } from "@/components/admin/winners/winners-screen";

export const generateMetadata = titledPage(async () => (await getTranslations("admin.winners"))("title"));

export default urlStatePage(WinnersScreen);
