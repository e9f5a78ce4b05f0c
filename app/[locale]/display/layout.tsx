import type { ReactNode } from "react";
import "../../globals.css";
import "./display.css";

/** The big screen: the public stylesheet and its own utilities (see app/layout.tsx and display.css). */
export default function DisplayLayout({ children }: { children: ReactNode }) {
  return children;
}
