import type { z } from "zod";
import * as accountById from "@/app/api/admin/accounts/[id]/route";
import * as accounts from "@/app/api/admin/accounts/route";
import * as auditExcel from "@/app/api/admin/audit/download_excel/route";
import * as audit from "@/app/api/admin/audit/route";
import * as createProduct from "@/app/api/admin/create-product/route";
import * as dashboard from "@/app/api/admin/dashboard/route";
import * as rotateToken from "@/app/api/admin/display/rotate_token/route";
import * as displayAdmin from "@/app/api/admin/display/route";
import * as eventArchive from "@/app/api/admin/event/archive/route";
import * as startNew from "@/app/api/admin/event/start_new/route";
import * as eventStatus from "@/app/api/admin/event/status/route";
import * as funnelExcel from "@/app/api/admin/funnel/download_excel/route";
import * as funnel from "@/app/api/admin/funnel/route";
import * as importRun from "@/app/api/admin/import/route";
import * as importTemplate from "@/app/api/admin/import/template/route";
import * as login from "@/app/api/admin/login/route";
import * as logout from "@/app/api/admin/logout/route";
import * as session from "@/app/api/admin/session/route";
import * as logo from "@/app/api/admin/settings/logo/route";
import * as settings from "@/app/api/admin/settings/route";
import * as displayEvents from "@/app/api/display/[token]/events/route";
import * as display from "@/app/api/display/[token]/route";
import * as health from "@/app/api/health/route";
import * as images from "@/app/api/images/[file]/route";
import * as claim from "@/app/api/p/[urlPath]/prize/claim/route";
import * as prizeState from "@/app/api/p/[urlPath]/prize/route";
import * as productPage from "@/app/api/p/[urlPath]/route";
import * as myWins from "@/app/api/p/my-wins/route";
import * as ping from "@/app/api/ping/route";
import * as placementById from "@/app/api/prize-distributions/[id]/route";
import * as drops from "@/app/api/prize-distributions/drops/route";
import * as randomize from "@/app/api/prize-distributions/randomize/route";
import * as placements from "@/app/api/prize-distributions/route";
import * as resetDaily from "@/app/api/prizes/[id]/reset_daily/route";
import * as prizeById from "@/app/api/prizes/[id]/route";
import * as prizeWinners from "@/app/api/prizes/[id]/winners/route";
import * as resetAllDaily from "@/app/api/prizes/reset_all_daily/route";
import * as prizes from "@/app/api/prizes/route";
import * as productQr from "@/app/api/products/[id]/qr/route";
import * as productById from "@/app/api/products/[id]/route";
import * as deleteAll from "@/app/api/products/delete_all/route";
import * as deleteSelected from "@/app/api/products/delete_selected/route";
import * as products from "@/app/api/products/route";
import * as cancelReceived from "@/app/api/winners/[id]/cancel_received/route";
import * as erase from "@/app/api/winners/[id]/erase/route";
import * as markReceived from "@/app/api/winners/[id]/mark_received/route";
import * as reinstate from "@/app/api/winners/[id]/reinstate/route";
import * as winnerById from "@/app/api/winners/[id]/route";
import * as winnersExcel from "@/app/api/winners/download_excel/route";
import * as winners from "@/app/api/winners/route";
import * as a from "@/lib/openapi/answers";

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/** One answer of an operation: JSON with its schema, another kind of content, or nothing. */
export type Answer = { description: string; schema?: z.ZodType; contentType?: string; headers?: Record<string, string> };

export type Operation = {
  /** As the route's folder names it: `/api/prizes/[id]/`. */
  template: string;
  method: Method;
  /** The exported handler: route() keeps what it parses on it (contractOf). */
  handler: unknown;
  tag: string;
  summary: string;
  /** Its own answers; the errors every route shares are added from its contract (document.ts). */
  answers: Record<number, Answer>;
};

const json = (schema: z.ZodType, description = "OK"): Answer => ({ description, schema });
const detailSaid = (description: string): Answer => ({ description, schema: a.detail });
const noContent: Answer = { description: "Done; no body" };
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const excel = (description: string): Answer => ({
  description,
  contentType: XLSX,
  headers: { "Content-Disposition": "attachment; filename=…" },
});

/*
 * Every /api route and method. tests/integration/openapi.test.ts checks this list against the route files
 * (a route added without a line here fails it) and calls each documented GET.
 */
export const OPERATIONS: Operation[] = [
  // Sign-in
  {
    template: "/api/admin/login/",
    method: "POST",
    handler: login.POST,
    tag: "Sign-in",
    summary: "Sign in with a name and password (sets the session cookie)",
    answers: {
      200: detailSaid("Signed in"),
      400: json(a.loginRefused, "Wrong name or password (or the fields refused)"),
      429: json(a.loginRefused, "Too many attempts: wait Retry-After seconds"),
    },
  },
  {
    template: "/api/admin/logout/",
    method: "POST",
    handler: logout.POST,
    tag: "Sign-in",
    summary: "Sign out",
    answers: { 200: detailSaid("Signed out") },
  },
  {
    template: "/api/admin/session/",
    method: "GET",
    handler: session.GET,
    tag: "Sign-in",
    summary: "Who is signed in",
    answers: { 200: json(a.session) },
  },

  // Accounts
  {
    template: "/api/admin/accounts/",
    method: "GET",
    handler: accounts.GET,
    tag: "Accounts",
    summary: "List the admin accounts",
    answers: { 200: json(a.accountPage) },
  },
  {
    template: "/api/admin/accounts/",
    method: "POST",
    handler: accounts.POST,
    tag: "Accounts",
    summary: "Create an account",
    answers: { 201: json(a.accountRow, "Created") },
  },
  {
    template: "/api/admin/accounts/[id]/",
    method: "PATCH",
    handler: accountById.PATCH,
    tag: "Accounts",
    summary: "Change an account's role, password or activity",
    answers: { 200: json(a.accountRow) },
  },

  // Dashboard, funnel, audit
  {
    template: "/api/admin/dashboard/",
    method: "GET",
    handler: dashboard.GET,
    tag: "Reports",
    summary: "The dashboard's figures",
    answers: { 200: json(a.dashboard) },
  },
  {
    template: "/api/admin/funnel/",
    method: "GET",
    handler: funnel.GET,
    tag: "Reports",
    summary: "Scans, taps, holds, wins and hand-overs",
    answers: { 200: json(a.funnel) },
  },
  {
    template: "/api/admin/funnel/download_excel/",
    method: "GET",
    handler: funnelExcel.GET,
    tag: "Reports",
    summary: "The funnel as a workbook",
    answers: { 200: excel("The funnel workbook") },
  },
  {
    template: "/api/admin/audit/",
    method: "GET",
    handler: audit.GET,
    tag: "Reports",
    summary: "The audit log, newest first",
    answers: { 200: json(a.auditPage) },
  },
  {
    template: "/api/admin/audit/download_excel/",
    method: "GET",
    handler: auditExcel.GET,
    tag: "Reports",
    summary: "The audit log as a workbook",
    answers: { 200: excel("The audit workbook") },
  },

  // Products
  {
    template: "/api/products/",
    method: "GET",
    handler: products.GET,
    tag: "Products",
    summary: "List product pages",
    answers: { 200: json(a.productPage) },
  },
  {
    template: "/api/admin/create-product/",
    method: "POST",
    handler: createProduct.POST,
    tag: "Products",
    summary: "Create a product page (multipart, with its picture)",
    answers: { 201: json(a.productRow, "Created") },
  },
  {
    template: "/api/products/[id]/",
    method: "GET",
    handler: productById.GET,
    tag: "Products",
    summary: "One product page",
    answers: { 200: json(a.productRow) },
  },
  {
    template: "/api/products/[id]/",
    method: "PUT",
    handler: productById.PUT,
    tag: "Products",
    summary: "Change a product page (multipart)",
    answers: { 200: json(a.productRow) },
  },
  {
    template: "/api/products/[id]/",
    method: "DELETE",
    handler: productById.DELETE,
    tag: "Products",
    summary: "Delete a product page",
    answers: { 204: noContent, 409: detailSaid("It has a prize placed or winners: send force") },
  },
  {
    template: "/api/products/[id]/qr/",
    method: "GET",
    handler: productQr.GET,
    tag: "Products",
    summary: "The page's QR code",
    answers: { 200: { description: "The QR code", contentType: "image/png" }, 304: { description: "Not modified (If-None-Match)" } },
  },
  {
    template: "/api/products/delete_selected/",
    method: "POST",
    handler: deleteSelected.POST,
    tag: "Products",
    summary: "Delete the chosen product pages",
    answers: { 200: json(a.productsDeleted) },
  },
  {
    template: "/api/products/delete_all/",
    method: "DELETE",
    handler: deleteAll.DELETE,
    tag: "Products",
    summary: "Delete every product page",
    answers: { 200: json(a.productsDeleted) },
  },

  // Prizes
  {
    template: "/api/prizes/",
    method: "GET",
    handler: prizes.GET,
    tag: "Prizes",
    summary: "List prizes",
    answers: { 200: json(a.prizePage) },
  },
  {
    template: "/api/prizes/",
    method: "POST",
    handler: prizes.POST,
    tag: "Prizes",
    summary: "Create a prize (multipart, with its picture)",
    answers: { 201: json(a.prizeRow, "Created") },
  },
  {
    template: "/api/prizes/[id]/",
    method: "GET",
    handler: prizeById.GET,
    tag: "Prizes",
    summary: "One prize",
    answers: { 200: json(a.prizeRow) },
  },
  {
    template: "/api/prizes/[id]/",
    method: "PUT",
    handler: prizeById.PUT,
    tag: "Prizes",
    summary: "Change a prize",
    answers: { 200: json(a.prizeRow) },
  },
  {
    template: "/api/prizes/[id]/",
    method: "DELETE",
    handler: prizeById.DELETE,
    tag: "Prizes",
    summary: "Delete a prize",
    answers: { 204: noContent, 409: detailSaid("It has winners") },
  },
  {
    template: "/api/prizes/[id]/winners/",
    method: "GET",
    handler: prizeWinners.GET,
    tag: "Prizes",
    summary: "A prize's winners",
    answers: { 200: json(a.winnerPage) },
  },
  {
    template: "/api/prizes/[id]/reset_daily/",
    method: "POST",
    handler: resetDaily.POST,
    tag: "Prizes",
    summary: "Reset a prize's count for today",
    answers: { 200: detailSaid("Reset") },
  },
  {
    template: "/api/prizes/reset_all_daily/",
    method: "POST",
    handler: resetAllDaily.POST,
    tag: "Prizes",
    summary: "Reset every prize's count for today",
    answers: { 200: json(a.counted) },
  },

  // Placements
  {
    template: "/api/prize-distributions/",
    method: "GET",
    handler: placements.GET,
    tag: "Placements",
    summary: "List placements",
    answers: { 200: json(a.placementPage) },
  },
  {
    template: "/api/prize-distributions/",
    method: "POST",
    handler: placements.POST,
    tag: "Placements",
    summary: "Place a prize on a product page",
    answers: { 201: json(a.placementCreated, "Created") },
  },
  {
    template: "/api/prize-distributions/[id]/",
    method: "PATCH",
    handler: placementById.PATCH,
    tag: "Placements",
    summary: "Switch a placement on or off, or move its drop",
    answers: { 200: json(a.placementActive.or(a.dropMoved)) },
  },
  {
    template: "/api/prize-distributions/[id]/",
    method: "DELETE",
    handler: placementById.DELETE,
    tag: "Placements",
    summary: "Remove a placement",
    answers: { 204: noContent },
  },
  {
    template: "/api/prize-distributions/drops/",
    method: "GET",
    handler: drops.GET,
    tag: "Placements",
    summary: "Scheduled drops",
    answers: { 200: json(a.scheduledDrops) },
  },
  {
    template: "/api/prize-distributions/randomize/",
    method: "POST",
    handler: randomize.POST,
    tag: "Placements",
    summary: "Place every prize at random",
    answers: { 200: json(a.placementsRandomized) },
  },

  // Winners
  {
    template: "/api/winners/",
    method: "GET",
    handler: winners.GET,
    tag: "Winners",
    summary: "List winners, newest first (the desk finds one by code)",
    answers: { 200: json(a.winnerPage) },
  },
  {
    template: "/api/winners/download_excel/",
    method: "GET",
    handler: winnersExcel.GET,
    tag: "Winners",
    summary: "Winners as a workbook",
    answers: { 200: excel("The winners workbook") },
  },
  {
    template: "/api/winners/[id]/",
    method: "DELETE",
    handler: winnerById.DELETE,
    tag: "Winners",
    summary: "Delete a winner",
    answers: { 204: noContent },
  },
  {
    template: "/api/winners/[id]/mark_received/",
    method: "POST",
    handler: markReceived.POST,
    tag: "Winners",
    summary: "Hand the prize over",
    answers: { 200: json(a.winnerRow) },
  },
  {
    template: "/api/winners/[id]/cancel_received/",
    method: "POST",
    handler: cancelReceived.POST,
    tag: "Winners",
    summary: "Undo a hand-over",
    answers: { 200: json(a.winnerRow) },
  },
  {
    template: "/api/winners/[id]/reinstate/",
    method: "POST",
    handler: reinstate.POST,
    tag: "Winners",
    summary: "Give an expired win back",
    answers: { 200: json(a.winnerRow) },
  },
  {
    template: "/api/winners/[id]/erase/",
    method: "POST",
    handler: erase.POST,
    tag: "Winners",
    summary: "Erase a winner's personal data",
    answers: { 200: json(a.winnerRow) },
  },

  // Event and settings
  {
    template: "/api/admin/settings/",
    method: "GET",
    handler: settings.GET,
    tag: "Settings",
    summary: "The event's settings",
    answers: { 200: json(a.systemSettings) },
  },
  {
    template: "/api/admin/settings/",
    method: "PATCH",
    handler: settings.PATCH,
    tag: "Settings",
    summary: "Change settings",
    answers: { 200: json(a.systemSettings) },
  },
  {
    template: "/api/admin/settings/logo/",
    method: "PUT",
    handler: logo.PUT,
    tag: "Settings",
    summary: "Upload the logo (multipart)",
    answers: { 200: json(a.systemSettings) },
  },
  {
    template: "/api/admin/settings/logo/",
    method: "DELETE",
    handler: logo.DELETE,
    tag: "Settings",
    summary: "Remove the logo",
    answers: { 200: json(a.systemSettings) },
  },
  {
    template: "/api/admin/event/status/",
    method: "GET",
    handler: eventStatus.GET,
    tag: "Event",
    summary: "Visitors playing now and winners so far",
    answers: { 200: json(a.eventStatus) },
  },
  {
    template: "/api/admin/event/archive/",
    method: "GET",
    handler: eventArchive.GET,
    tag: "Event",
    summary: "The event's archive before starting anew",
    answers: {
      200: {
        description: "A zip of the event's workbooks",
        contentType: "application/zip",
        headers: { "X-Archive-Cutoff": "The last winner the archive holds, for start_new" },
      },
    },
  },
  {
    template: "/api/admin/event/start_new/",
    method: "POST",
    handler: startNew.POST,
    tag: "Event",
    summary: "Start a new event (after downloading the archive)",
    answers: { 200: json(a.newEventSummary), 409: detailSaid("The archive is missing or out of date") },
  },
  {
    template: "/api/admin/import/",
    method: "POST",
    handler: importRun.POST,
    tag: "Import",
    summary: "Import product pages and prizes from a workbook (dry_run previews)",
    answers: { 200: json(a.importAnswer) },
  },
  {
    template: "/api/admin/import/template/",
    method: "GET",
    handler: importTemplate.GET,
    tag: "Import",
    summary: "The import workbook's template",
    answers: { 200: excel("The template") },
  },

  // Display
  {
    template: "/api/admin/display/",
    method: "GET",
    handler: displayAdmin.GET,
    tag: "Display",
    summary: "The display screen's address and QR code",
    answers: { 200: json(a.displayAddress) },
  },
  {
    template: "/api/admin/display/rotate_token/",
    method: "POST",
    handler: rotateToken.POST,
    tag: "Display",
    summary: "Give the display screen a new address",
    answers: { 200: json(a.displayToken) },
  },
  {
    template: "/api/display/[token]/",
    method: "GET",
    handler: display.GET,
    tag: "Display",
    summary: "What the display screen shows",
    answers: { 200: json(a.displaySnapshot) },
  },
  {
    template: "/api/display/[token]/events/",
    method: "GET",
    handler: displayEvents.GET,
    tag: "Display",
    summary: "Changes to what the display shows, as they happen",
    answers: { 200: { description: "Server-sent events, each a DisplaySnapshot's change", contentType: "text/event-stream" } },
  },

  // Visitors
  {
    template: "/api/p/[urlPath]/",
    method: "GET",
    handler: productPage.GET,
    tag: "Visitors",
    summary: "A product page",
    answers: { 200: json(a.publicProductPage) },
  },
  {
    template: "/api/p/[urlPath]/prize/",
    method: "GET",
    handler: prizeState.GET,
    tag: "Visitors",
    summary: "The page's prize, and this visitor's hold or win",
    answers: { 200: json(a.publicPrizeState) },
  },
  {
    template: "/api/p/[urlPath]/prize/claim/",
    method: "POST",
    handler: claim.POST,
    tag: "Visitors",
    summary: "Tap to hold the prize ({reserve: true}), then claim it with a nickname",
    answers: {
      200: json(a.held, "Held for the visitor"),
      201: json(a.claimWon, "Won"),
      409: json(a.claimRefused, "Refused: the code says why"),
      428: detailSaid("No visitor cookie yet: send again (this answer sets it)"),
    },
  },
  {
    template: "/api/p/[urlPath]/prize/claim/",
    method: "PATCH",
    handler: claim.PATCH,
    tag: "Visitors",
    summary: "Let go of a held prize",
    answers: { 200: detailSaid("Let go") },
  },
  {
    template: "/api/p/my-wins/",
    method: "GET",
    handler: myWins.GET,
    tag: "Visitors",
    summary: "This visitor's wins",
    answers: { 200: json(a.visitorWins) },
  },
  {
    template: "/api/images/[file]/",
    method: "GET",
    handler: images.GET,
    tag: "Visitors",
    summary: "A stored picture, optionally resized (w)",
    answers: { 200: { description: "The picture", contentType: "image/webp" } },
  },

  // Service
  {
    template: "/api/ping/",
    method: "GET",
    handler: ping.GET,
    tag: "Service",
    summary: "The app answers",
    answers: { 200: json(a.status) },
  },
  {
    template: "/api/health/",
    method: "GET",
    handler: health.GET,
    tag: "Service",
    summary: "The app and its database answer",
    answers: {
      200: json(a.health),
      503: { description: "The database is not answering", schema: a.healthDown, headers: { "Retry-After": "Seconds to wait" } },
    },
  },
  {
    template: "/api/openapi.json/",
    method: "GET",
    handler: undefined,
    tag: "Service",
    summary: "This document (OpenAPI 3.1)",
    answers: { 200: { description: "The OpenAPI document", contentType: "application/json" } },
  },

  // Webhooks (branch h-webhooks): add their routes here, and their message schemas in document.ts's WEBHOOKS.

  ...(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const).map(
    (method): Operation => ({
      template: "/api/[[...path]]/",
      method,
      handler: undefined,
      tag: "Service",
      summary: "Any other /api address",
      answers: { 404: detailSaid("No such route") },
    }),
  ),
];
