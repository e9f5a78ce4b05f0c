import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { AccountsScreen } from "@/components/admin/accounts/accounts-screen";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.accounts");
  return { title: t("title") };
}

export default function AccountsPage() {
  // The list keeps its page in the URL (useSearchParams): it renders in the browser.
  return (
    <Suspense>
      <AccountsScreen />
    </Suspense>
  );
}
