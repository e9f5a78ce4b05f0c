import type { ReactNode } from "react";
import "../globals.css";
import "./admin.css";

/** Every admin screen: its own utilities on top of the shared stylesheet (see admin.css). */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return children;
}
