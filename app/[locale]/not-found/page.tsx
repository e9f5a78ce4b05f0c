import type { Metadata } from "next";
import { NotFoundScreen, notFoundMetadata } from "@/components/public/not-found-screen";
import "../../globals.css";

// This route answers 200 (it is a real page the client redirects to), so keep it out of search results.
export async function generateMetadata(): Promise<Metadata> {
  return notFoundMetadata({ robots: { index: false, follow: false } });
}

export default function NotFoundPage() {
  return <NotFoundScreen />;
}
