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
import * as eventClose from "@/app/api/admin/events/[id]/close/route";
import * as eventCopy from "@/app/api/admin/events/[id]/copy/route";
import * as eventGoLive from "@/app/api/admin/events/[id]/go_live/route";
import * as eventById from "@/app/api/admin/events/[id]/route";
import * as eventList from "@/app/api/admin/events/route";
import * as funnelExcel from "@/app/api/admin/funnel/download_excel/route";
import * as funnel from "@/app/api/admin/funnel/route";
import * as importRun from "@/app/api/admin/import/route";
import * as importTemplate from "@/app/api/admin/import/template/route";
import * as login from "@/app/api/admin/login/route";
import * as logout from "@/app/api/admin/logout/route";
import * as selectedEvent from "@/app/api/admin/selected-event/route";
import * as session from "@/app/api/admin/session/route";
import * as logo from "@/app/api/admin/settings/logo/route";
import * as settings from "@/app/api/admin/settings/route";
import * as webhookDeliveries from "@/app/api/admin/webhooks/[id]/deliveries/route";
import * as rollSecret from "@/app/api/admin/webhooks/[id]/roll_secret/route";
import * as webhookById from "@/app/api/admin/webhooks/[id]/route";
import * as webhookTest from "@/app/api/admin/webhooks/[id]/test/route";
import * as resendDelivery from "@/app/api/admin/webhooks/deliveries/[id]/resend/route";
import * as webhooks from "@/app/api/admin/webhooks/route";
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
import * as ev from "@/lib/openapi/event-answers";
import * as w from "@/lib/openapi/webhook-answers";

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

/** One operation: its method, its route's folder, the exported handler, a one-line summary, its own answers. */
const op = (method: Method, template: string, handler: unknown, summary: string, answers: Operation["answers"]) => ({
  method,
  template,
  handler,
  summary,
  answers,
});
const tagged = (tag: string, operations: ReturnType<typeof op>[]): Operation[] => operations.map((operation) => ({ ...operation, tag }));

/*
 * Every /api route and method. tests/integration/openapi.test.ts checks this list against the route files
 * (a route added without a line here fails it) and calls each documented GET.
 */
export const OPERATIONS: Operation[] = [
  ...tagged("Sign-in", [
    op("POST", "/api/admin/login/", login.POST, "Sign in with a name and password (sets the session cookie)", {
      200: detailSaid("Signed in"),
      400: json(a.loginRefused, "Wrong name or password (or the fields refused)"),
      429: json(a.loginRefused, "Too many attempts: wait Retry-After seconds"),
    }),
    op("POST", "/api/admin/logout/", logout.POST, "Sign out", { 200: detailSaid("Signed out") }),
    op("GET", "/api/admin/session/", session.GET, "Who is signed in", { 200: json(a.session) }),
  ]),
  ...tagged("Accounts", [
    op("GET", "/api/admin/accounts/", accounts.GET, "List the admin accounts", { 200: json(a.accountPage) }),
    op("POST", "/api/admin/accounts/", accounts.POST, "Create an account", { 201: json(a.accountRow, "Created") }),
    op("PATCH", "/api/admin/accounts/[id]/", accountById.PATCH, "Change an account's role, password or activity", {
      200: json(a.accountRow),
    }),
  ]),
  ...tagged("Reports", [
    op("GET", "/api/admin/dashboard/", dashboard.GET, "The dashboard's figures", { 200: json(a.dashboard) }),
    op("GET", "/api/admin/funnel/", funnel.GET, "Scans, taps, holds, wins and hand-overs", { 200: json(a.funnel) }),
    op("GET", "/api/admin/funnel/download_excel/", funnelExcel.GET, "The funnel as a workbook", { 200: excel("The funnel workbook") }),
    op("GET", "/api/admin/audit/", audit.GET, "The audit log, newest first", { 200: json(a.auditPage) }),
    op("GET", "/api/admin/audit/download_excel/", auditExcel.GET, "The audit log as a workbook", { 200: excel("The audit workbook") }),
  ]),
  ...tagged("Products", [
    op("GET", "/api/products/", products.GET, "List product pages", { 200: json(a.productPage) }),
    op("POST", "/api/admin/create-product/", createProduct.POST, "Create a product page (multipart, with its picture)", {
      201: json(a.productRow, "Created"),
    }),
    op("GET", "/api/products/[id]/", productById.GET, "One product page", { 200: json(a.productRow) }),
    op("PUT", "/api/products/[id]/", productById.PUT, "Change a product page (multipart)", { 200: json(a.productRow) }),
    op("DELETE", "/api/products/[id]/", productById.DELETE, "Delete a product page", {
      204: noContent,
      409: detailSaid("It has a prize placed or winners: send force"),
    }),
    op("GET", "/api/products/[id]/qr/", productQr.GET, "The page's QR code", {
      200: { description: "The QR code", contentType: "image/png" },
      304: { description: "Not modified (If-None-Match)" },
    }),
    op("POST", "/api/products/delete_selected/", deleteSelected.POST, "Delete the chosen product pages", { 200: json(a.productsDeleted) }),
    op("DELETE", "/api/products/delete_all/", deleteAll.DELETE, "Delete every product page", { 200: json(a.productsDeleted) }),
  ]),
  ...tagged("Prizes", [
    op("GET", "/api/prizes/", prizes.GET, "List prizes", { 200: json(a.prizePage) }),
    op("POST", "/api/prizes/", prizes.POST, "Create a prize (multipart, with its picture)", { 201: json(a.prizeRow, "Created") }),
    op("GET", "/api/prizes/[id]/", prizeById.GET, "One prize", { 200: json(a.prizeRow) }),
    op("PUT", "/api/prizes/[id]/", prizeById.PUT, "Change a prize", { 200: json(a.prizeRow) }),
    op("DELETE", "/api/prizes/[id]/", prizeById.DELETE, "Delete a prize", { 204: noContent, 409: detailSaid("It has winners") }),
    op("GET", "/api/prizes/[id]/winners/", prizeWinners.GET, "A prize's winners", { 200: json(a.winnerPage) }),
    op("POST", "/api/prizes/[id]/reset_daily/", resetDaily.POST, "Reset a prize's count for today", { 200: detailSaid("Reset") }),
    op("POST", "/api/prizes/reset_all_daily/", resetAllDaily.POST, "Reset every prize's count for today", { 200: json(a.counted) }),
  ]),
  ...tagged("Placements", [
    op("GET", "/api/prize-distributions/", placements.GET, "List placements", { 200: json(a.placementPage) }),
    op("POST", "/api/prize-distributions/", placements.POST, "Place a prize on a product page", {
      201: json(a.placementCreated, "Created"),
    }),
    op("PATCH", "/api/prize-distributions/[id]/", placementById.PATCH, "Switch a placement on or off, or move its drop", {
      200: json(a.placementActive.or(a.dropMoved)),
    }),
    op("DELETE", "/api/prize-distributions/[id]/", placementById.DELETE, "Remove a placement", { 204: noContent }),
    op("GET", "/api/prize-distributions/drops/", drops.GET, "Scheduled drops", { 200: json(a.scheduledDrops) }),
    op("POST", "/api/prize-distributions/randomize/", randomize.POST, "Place every prize at random", { 200: json(a.placementsRandomized) }),
  ]),
  ...tagged("Winners", [
    op("GET", "/api/winners/", winners.GET, "List winners, newest first (the desk finds one by code)", { 200: json(a.winnerPage) }),
    op("GET", "/api/winners/download_excel/", winnersExcel.GET, "Winners as a workbook", { 200: excel("The winners workbook") }),
    op("DELETE", "/api/winners/[id]/", winnerById.DELETE, "Delete a winner", { 204: noContent }),
    op("POST", "/api/winners/[id]/mark_received/", markReceived.POST, "Hand the prize over", { 200: json(a.winnerRow) }),
    op("POST", "/api/winners/[id]/cancel_received/", cancelReceived.POST, "Undo a hand-over", { 200: json(a.winnerRow) }),
    op("POST", "/api/winners/[id]/reinstate/", reinstate.POST, "Give an expired win back", { 200: json(a.winnerRow) }),
    op("POST", "/api/winners/[id]/erase/", erase.POST, "Erase a winner's personal data", { 200: json(a.winnerRow) }),
  ]),
  ...tagged("Settings", [
    op("GET", "/api/admin/settings/", settings.GET, "The event's settings", { 200: json(a.systemSettings) }),
    op("PATCH", "/api/admin/settings/", settings.PATCH, "Change settings", { 200: json(a.systemSettings) }),
    op("PUT", "/api/admin/settings/logo/", logo.PUT, "Upload the logo (multipart)", { 200: json(a.systemSettings) }),
    op("DELETE", "/api/admin/settings/logo/", logo.DELETE, "Remove the logo", { 200: json(a.systemSettings) }),
  ]),
  ...tagged("Event", [
    op("GET", "/api/admin/event/status/", eventStatus.GET, "Visitors playing now and winners so far", { 200: json(a.eventStatus) }),
    op("GET", "/api/admin/event/archive/", eventArchive.GET, "The event's archive", {
      200: {
        description: "A zip of the event's workbooks",
        contentType: "application/zip",
        headers: { "X-Archive-Cutoff": "The last winner the archive holds" },
      },
    }),
    op(
      "POST",
      "/api/admin/event/start_new/",
      startNew.POST,
      "Close this event, kept with its winners, and put live its copy keeping the addresses (archive_cutoff is ignored)",
      { 200: json(a.newEventSummary), 409: detailSaid("This event is not live") },
    ),
  ]),
  ...tagged("Import", [
    op("POST", "/api/admin/import/", importRun.POST, "Import product pages and prizes from a workbook (dry_run previews)", {
      200: json(a.importAnswer),
    }),
    op("GET", "/api/admin/import/template/", importTemplate.GET, "The import workbook's template", { 200: excel("The template") }),
  ]),
  ...tagged("Display", [
    op("GET", "/api/admin/display/", displayAdmin.GET, "The display screen's address and QR code", { 200: json(a.displayAddress) }),
    op("POST", "/api/admin/display/rotate_token/", rotateToken.POST, "Give the display screen a new address", {
      200: json(a.displayToken),
    }),
    op("GET", "/api/display/[token]/", display.GET, "What the display screen shows", { 200: json(a.displaySnapshot) }),
    op("GET", "/api/display/[token]/events/", displayEvents.GET, "Changes to what the display shows, as they happen", {
      200: { description: "Server-sent events, each a DisplaySnapshot's change", contentType: "text/event-stream" },
    }),
  ]),
  ...tagged("Visitors", [
    op("GET", "/api/p/[urlPath]/", productPage.GET, "A product page", { 200: json(a.publicProductPage) }),
    op("GET", "/api/p/[urlPath]/prize/", prizeState.GET, "The page's prize, and this visitor's hold or win", {
      200: json(a.publicPrizeState),
    }),
    op("POST", "/api/p/[urlPath]/prize/claim/", claim.POST, "Tap to hold the prize ({reserve: true}), then claim it with a nickname", {
      200: json(a.held, "Held for the visitor"),
      201: json(a.claimWon, "Won"),
      409: json(a.claimRefused, "Refused: the code says why"),
      428: detailSaid("No visitor cookie yet: send again (this answer sets it)"),
    }),
    op("PATCH", "/api/p/[urlPath]/prize/claim/", claim.PATCH, "Let go of a held prize", { 200: detailSaid("Let go") }),
    op("GET", "/api/p/my-wins/", myWins.GET, "This visitor's wins", { 200: json(a.visitorWins) }),
    op("GET", "/api/images/[file]/", images.GET, "A stored picture, optionally resized (w)", {
      200: { description: "The picture", contentType: "image/webp" },
    }),
  ]),
  ...tagged("Service", [
    op("GET", "/api/ping/", ping.GET, "The app answers", { 200: json(a.status) }),
    op("GET", "/api/health/", health.GET, "The app and its database answer", {
      200: json(a.health),
      503: { description: "The database is not answering", schema: a.healthDown, headers: { "Retry-After": "Seconds to wait" } },
    }),
    op("GET", "/api/openapi.json/", undefined, "This document (OpenAPI 3.1)", {
      200: { description: "The OpenAPI document", contentType: "application/json" },
    }),
  ]),

  ...tagged("Events", [
    op("GET", "/api/admin/events/", eventList.GET, "The events this account may act on, with status and counts", {
      200: json(ev.eventPage),
    }),
    op("POST", "/api/admin/events/", eventList.POST, "A new draft event", { 201: json(ev.event, "Created") }),
    op("GET", "/api/admin/events/[id]/", eventById.GET, "One event", { 200: json(ev.event) }),
    op("PATCH", "/api/admin/events/[id]/", eventById.PATCH, "Rename an event", { 200: json(ev.event) }),
    op("DELETE", "/api/admin/events/[id]/", eventById.DELETE, "Delete a draft nobody won in", { 204: noContent }),
    op(
      "POST",
      "/api/admin/events/[id]/copy/",
      eventCopy.POST,
      "A draft copy: settings, pages (kept or new addresses), prizes at full stock",
      {
        201: json(ev.event, "Copied"),
      },
    ),
    op("POST", "/api/admin/events/[id]/go_live/", eventGoLive.POST, "Go live; a live event holding one of its addresses closes", {
      200: json(ev.event),
    }),
    op("POST", "/api/admin/events/[id]/close/", eventClose.POST, "Close a live event", { 200: json(ev.event) }),
    op("PUT", "/api/admin/selected-event/", selectedEvent.PUT, "The event this account's calls act on when they name none", {
      200: json(ev.event),
    }),
  ]),

  ...tagged("Webhooks", [
    op("GET", "/api/admin/webhooks/", webhooks.GET, "The webhook receivers (never their secrets)", { 200: json(w.webhookEndpointPage) }),
    op("POST", "/api/admin/webhooks/", webhooks.POST, "Add a receiver: its secret is in this answer only", {
      201: json(w.webhookEndpointCreated, "Added"),
    }),
    op("GET", "/api/admin/webhooks/[id]/", webhookById.GET, "One receiver", { 200: json(w.webhookEndpoint) }),
    op("PATCH", "/api/admin/webhooks/[id]/", webhookById.PATCH, "Change a receiver's address, types, activity or nickname choice", {
      200: json(w.webhookEndpoint),
    }),
    op("DELETE", "/api/admin/webhooks/[id]/", webhookById.DELETE, "Remove a receiver and its deliveries", { 204: noContent }),
    op("POST", "/api/admin/webhooks/[id]/roll_secret/", rollSecret.POST, "A new signing secret, shown once; the old one signs no more", {
      200: json(w.webhookSecret),
    }),
    op("POST", "/api/admin/webhooks/[id]/test/", webhookTest.POST, "Queue a webhook.test message to this receiver", {
      202: json(w.webhookDelivery, "Queued"),
    }),
    op("GET", "/api/admin/webhooks/[id]/deliveries/", webhookDeliveries.GET, "This receiver's messages, newest first", {
      200: json(w.webhookDeliveryPage),
    }),
    op("POST", "/api/admin/webhooks/deliveries/[id]/resend/", resendDelivery.POST, "Send a message again, with its same id", {
      202: json(w.webhookDelivery, "Queued"),
    }),
  ]),

  ...tagged(
    "Service",
    (["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const).map((method) =>
      op(method, "/api/[[...path]]/", undefined, "Any other /api address", { 404: detailSaid("No such route") }),
    ),
  ),
];
