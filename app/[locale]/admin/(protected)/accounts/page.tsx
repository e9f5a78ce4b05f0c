import { getTranslations } from "next-intl/server";
import { AccountsScreen } from "@/components/admin/accounts/accounts-screen";
import { titledPage, urlStatePage } from "@/components/admin/url-state-page";

export const generateMetadata = titledPage(async () => (await getTranslations("admin.accounts"))("title"));

export default urlStatePage(AccountsScreen);
