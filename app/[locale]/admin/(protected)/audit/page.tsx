import { getTranslations } from "next-intl/server";
import { AuditScreen } from "@/components/admin/audit/audit-screen";
import { titledPage, urlStatePage } from "@/components/admin/url-state-page";

export const generateMetadata = titledPage(async () => (await getTranslations("admin.audit"))("title"));

export default urlStatePage(AuditScreen);
