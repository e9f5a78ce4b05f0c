import { RouteLoading } from "@/components/admin/route-loading";

/** Shown at once while /admin/webhooks loads (a click on a loaded machine can take seconds). */
export default function Loading() {
  return <RouteLoading kind="list" />;
}
