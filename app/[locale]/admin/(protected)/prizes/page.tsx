import { getTranslations } from "next-intl/server";
import { PrizesScreen } from "@/components/admin/prizes/prizes-screen";
import { titledPage, urlStatePage } from "@/components/admin/url-state-page";

export const generateMetadata = titledPage(async () => (await getTranslations("admin.shell.nav"))("prizes"));

export default urlStatePage(PrizesScreen);
