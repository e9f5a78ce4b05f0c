import { NotFoundScreen } from "@/components/public/not-found-screen";

/** An unknown /p/{urlPath} (spec §8: 'Product information not found.'), with the return-to-home button. */
export default function ProductNotFound() {
  return <NotFoundScreen product />;
}
