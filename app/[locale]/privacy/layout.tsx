import type { ReactNode } from "react";
import "../../globals.css";

/** The privacy notice is a visitor's page: the public stylesheet (see app/[locale]/layout.tsx for why it is imported here). */
export default function PrivacyLayout({ children }: { children: ReactNode }) {
  return children;
}
