import type { Metadata } from "next";
import { Suspense } from "react";
import { AccountsScreen } from "@/components/admin/accounts/accounts-screen";

export const metadata: Metadata = { title: "Accounts" };

export default function AccountsPage() {
  // The list keeps its page in the URL (useSearchParams): it renders in the browser.
  return (
    <Suspense>
      <AccountsScreen />
    </Suspense>
  );
}
