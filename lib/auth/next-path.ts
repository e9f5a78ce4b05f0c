/**
 * Where the admin goes after signing in: the admin page they asked for (`/admin/login?next=/admin/winners?product=3`),
 * else the dashboard. Only paths inside /admin count, so the parameter cannot send anyone to another site.
 */
export const ADMIN_HOME = "/admin/dashboard";
export const ADMIN_LOGIN = "/admin/login";
/** The request header the proxy fills with the admin page's path and query, for the layouts' redirects. */
export const ADMIN_PATH_HEADER = "x-admin-path";

export function safeNextPath(value: string | null | undefined): string {
  if (!value?.startsWith("/admin") || value.includes("\\")) return ADMIN_HOME;
  let url: URL;
  try {
    url = new URL(value, "http://admin.invalid");
  } catch {
    return ADMIN_HOME;
  }
  if (url.origin !== "http://admin.invalid") return ADMIN_HOME;
  const path = url.pathname.replace(/\/+$/, "");
  if (path !== "/admin" && !path.startsWith("/admin/")) return ADMIN_HOME;
  if (path === "/admin" || path === ADMIN_LOGIN) return ADMIN_HOME;
  return `${path}${url.search}`;
}

/** The sign-in page, remembering the page asked for (left out when it is the dashboard, where sign-in goes anyway). */
export function loginPath(requested: string | null | undefined): string {
  const next = safeNextPath(requested);
  return next === ADMIN_HOME ? ADMIN_LOGIN : `${ADMIN_LOGIN}?next=${encodeURIComponent(next)}`;
}
