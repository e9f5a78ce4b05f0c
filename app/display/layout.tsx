import type { ReactNode } from "react";
import "../globals.css";

/** The big screen: the public stylesheet (see app/layout.tsx for why each part imports it). */
export default function DisplayLayout({ children }: { children: ReactNode }) {
  return children;
}
