/**
 * The `route` label of the request histogram: the template of the page or API route an address names
 * (`/p/[urlPath]`, `/api/prizes/[id]/winners`), never the address itself, so a million scanned product
 * addresses are one series. Addresses no route names are "other"; files under /_next/static are one label.
 *
 * One table for pages and API routes alike, matched where every request passes (server.mjs, through
 * lib/metrics/registry.ts), because that is the only place that sees the final status and the whole time of
 * every answer: pages, the API, static files, and what server.mjs refuses itself. Next.js names the matched
 * route nowhere public. tests/unit/metrics-routes.test.ts walks app/ and fails when a page or route is
 * missing here, so the table cannot drift from the app.
 */
export const ROUTE_TEMPLATES = [
  // Pages (app/[locale]/..., the language never in the address: proxy.ts).
  "/",
  "/admin",
  "/admin/login",
  "/admin/accounts",
  "/admin/api",
  "/admin/audit",
  "/admin/dashboard",
  "/admin/events",
  "/admin/desk",
  "/admin/distributions",
  "/admin/import",
  "/admin/prizes",
  "/admin/products",
  "/admin/products/print",
  "/admin/settings",
  "/admin/webhooks",
  "/admin/winners",
  "/display/[token]",
  "/not-found",
  "/p/[urlPath]",
  "/privacy",
  // Reached only through proxy.ts's rewrite (asked for directly, it is a 404): named, so not "other".
  "/p/[urlPath]/v/[version]/[prizeState]",
  // Files.
  "/favicon.ico",
  "/icon.svg",
  "/robots.txt",
  "/vendor/swagger-ui/[file]",
  "/metrics",
  // The API.
  "/api/admin/accounts",
  "/api/admin/accounts/[id]",
  "/api/admin/audit",
  "/api/admin/audit/download_excel",
  "/api/admin/create-product",
  "/api/admin/dashboard",
  "/api/admin/display",
  "/api/admin/display/rotate_token",
  "/api/admin/event/archive",
  "/api/admin/event/start_new",
  "/api/admin/event/status",
  "/api/admin/funnel",
  "/api/admin/funnel/download_excel",
  "/api/admin/import",
  "/api/admin/import/template",
  "/api/admin/login",
  "/api/admin/logout",
  "/api/admin/session",
  "/api/admin/settings",
  "/api/admin/settings/logo",
  "/api/admin/events",
  "/api/admin/events/[id]",
  "/api/admin/events/[id]/close",
  "/api/admin/events/[id]/copy",
  "/api/admin/events/[id]/go_live",
  "/api/admin/selected-event",
  "/api/admin/webhooks",
  "/api/admin/webhooks/[id]",
  "/api/admin/webhooks/[id]/deliveries",
  "/api/admin/webhooks/[id]/roll_secret",
  "/api/admin/webhooks/[id]/test",
  "/api/admin/webhooks/deliveries/[id]/resend",
  "/api/display/[token]",
  "/api/display/[token]/events",
  "/api/health",
  "/api/images/[file]",
  "/api/p/[urlPath]",
  "/api/p/[urlPath]/prize",
  "/api/p/[urlPath]/prize/claim",
  "/api/openapi.json",
  "/api/p/my-wins",
  "/api/ping",
  "/api/prize-distributions",
  "/api/prize-distributions/[id]",
  "/api/prize-distributions/drops",
  "/api/prize-distributions/randomize",
  "/api/prizes",
  "/api/prizes/[id]",
  "/api/prizes/[id]/reset_daily",
  "/api/prizes/[id]/winners",
  "/api/prizes/reset_all_daily",
  "/api/products",
  "/api/products/[id]",
  "/api/products/[id]/qr",
  "/api/products/delete_all",
  "/api/products/delete_selected",
  "/api/winners",
  "/api/winners/[id]",
  "/api/winners/[id]/cancel_received",
  "/api/winners/[id]/mark_received",
  "/api/winners/[id]/reinstate",
  "/api/winners/[id]/erase",
  "/api/winners/download_excel",
] as const;

export const OTHER_ROUTE = "other";
/** Next.js's built scripts and styles: many file names, one label. */
export const STATIC_ROUTE = "/_next/static";
const NEXT_IMAGE_ROUTE = "/_next/image";

/** One segment of the table as a tree: literal children first, then the one `[name]` child. */
type Node = { template?: string; literal: Map<string, Node>; param?: Node };

function buildTree(templates: readonly string[]): Node {
  const root: Node = { literal: new Map() };
  for (const template of templates) {
    let node = root;
    for (const segment of template.split("/").filter(Boolean)) {
      if (segment.startsWith("[")) {
        node.param ??= { literal: new Map() };
        node = node.param;
      } else {
        let next = node.literal.get(segment);
        if (!next) {
          next = { literal: new Map() };
          node.literal.set(segment, next);
        }
        node = next;
      }
    }
    node.template = template;
  }
  return root;
}

const TREE = buildTree(ROUTE_TEMPLATES);

/**
 * The template for a request's target (`/p/x7Kq2/?a=1` -> `/p/[urlPath]`): a walk of the path's segments
 * down the tree, a literal before a parameter, as Next.js prefers a static segment to a dynamic one.
 * A few microseconds; no regular expression per route.
 */
export function routeTemplateOf(target: string): string {
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  if (path.startsWith("/_next/")) {
    if (path.startsWith("/_next/static/")) return STATIC_ROUTE;
    if (path === NEXT_IMAGE_ROUTE) return NEXT_IMAGE_ROUTE;
    return OTHER_ROUTE;
  }
  return walk(TREE, path.split("/"), 1) ?? OTHER_ROUTE;
}

function walk(node: Node, segments: string[], index: number): string | undefined {
  // Empty segments (a trailing slash, as every API address has) are skipped; `//` is not an address we serve.
  while (index < segments.length && segments[index] === "" && index === segments.length - 1) index += 1;
  if (index >= segments.length) return node.template;
  const segment = segments[index]!;
  if (segment === "") return undefined;
  const literal = node.literal.get(segment);
  const found = literal ? walk(literal, segments, index + 1) : undefined;
  if (found) return found;
  return node.param ? walk(node.param, segments, index + 1) : undefined;
}
