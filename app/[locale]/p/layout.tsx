import type { ReactNode } from "react";
import "../../globals.css";

/** The visitor's pages: the public stylesheet (see app/layout.tsx for why it is imported here). */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return children;
}
