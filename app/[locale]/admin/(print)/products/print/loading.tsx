import { RouteLoading } from "@/components/admin/route-loading";

/** Shown at once while the print sheet draws every product's QR code. */
export default function Loading() {
  return <RouteLoading kind="print" />;
}
