import { getTranslations } from "next-intl/server";
import { ScreenSkeleton, type SkeletonKind } from "./screen-skeleton";

/**
 * What an admin route's loading.tsx shows the moment a link is clicked (Next.js streams it before the
 * page's server work and scripts arrive): the screen's outline, "Loading…" in the reader's language.
 */
export async function RouteLoading({ kind }: { kind: SkeletonKind }) {
  const t = await getTranslations("common");
  return <ScreenSkeleton kind={kind} label={t("loading")} />;
}
