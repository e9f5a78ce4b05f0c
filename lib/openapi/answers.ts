import "server-only";
import { z } from "zod";
import type { AccountRow } from "@/shared/contracts/accounts";
import type { AuditEntryRow } from "@/shared/contracts/audit";
import type { Branding } from "@/shared/contracts/branding";
import type { CatalogueEntryRow } from "@/shared/contracts/catalogue-entry";
import { type PublicPrizeState, RESERVE_REFUSAL_CODES, type VisitorWins } from "@/shared/contracts/claims";
import type { Dashboard } from "@/shared/contracts/dashboard";
import type { DisplayAddress, DisplaySnapshot } from "@/shared/contracts/display";
import type { Funnel } from "@/shared/contracts/funnel";
import { IMPORT_COLUMNS, IMPORT_SHEETS, type ImportAnswer } from "@/shared/contracts/import";
import type { EventStatus } from "@/shared/contracts/new-event";
import type { Page } from "@/shared/contracts/page";
import type {
  DropMoved,
  PlacementCreated,
  PlacementPage,
  PlacementRow,
  PlacementsRandomized,
  ScheduledDrops,
} from "@/shared/contracts/placements";
import type { PrizeRow } from "@/shared/contracts/prizes";
import type { PublicProductPage } from "@/shared/contracts/product-page";
import type { ProductRow, ProductsDeleted } from "@/shared/contracts/products";
import { type SystemSettings, WINS_PER_VISITOR } from "@/shared/contracts/settings";
import { WINNER_STATUSES, type WinnerPage, type WinnerRow } from "@/shared/contracts/winners";
import { ROLES } from "@/shared/roles";

/*
 * The answers' shapes as zod schemas, for the OpenAPI document only (app/api/openapi.json): the types in
 * shared/contracts stay the source, and `exactly<T>()` refuses at compile time a schema whose output is
 * not the same type (same keys, each side assignable to the other), so the document cannot drift from
 * what handlers answer. Server-only: the client bundles import shared/contracts and must not carry zod.
 */

type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;

/** `exactly<Contract>()(schema)`: a compile error unless the schema's output is the contract's type. */
function exactly<T>() {
  return <S extends z.ZodType>(schema: S, ..._same: Same<z.output<S>, T> extends true ? [] : ["differs from its contract type"]) => schema;
}

const when = z.string().describe("ISO 8601 date-time");
const nullableText = z.string().nullable();
const inEachLanguage = z.object({ en: nullableText, ko: nullableText });

export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({
    count: z.int().min(0),
    next: z.string().nullable().describe("The next page's address, or null on the last"),
    previous: z.string().nullable(),
    results: z.array(row),
  });
}
const samePage = <T>() => exactly<Page<T>>();

/** `{detail}`: a sentence in the caller's language, errors and confirmations alike. */
export const detail = z.object({ detail: z.string() });
/** An error's `{detail}`; some carry more (a refused tap's `code`). */
export const errorDetail = z.looseObject({ detail: z.string() });
/** A refusal of the request's fields: each field (or non_field_errors) with its reasons. */
export const fieldErrors = z.record(z.string(), z.array(z.string())).describe("Each refused field, or non_field_errors, with its reasons");

export const accountRow = exactly<AccountRow>()(
  z.object({
    id: z.int(),
    name: z.string(),
    role: z.enum(ROLES),
    is_active: z.boolean(),
    last_sign_in_at: when.nullable(),
    created_at: when,
  }),
);
export const accountPage = samePage<AccountRow>()(pageOf(accountRow));

const auditEntryRow = exactly<AuditEntryRow>()(
  z.object({
    id: z.int(),
    at: when,
    account_name: z.string(),
    account_role: nullableText,
    action: z.string(),
    target_type: nullableText,
    target_id: nullableText,
    target_name: nullableText,
    changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).nullable(),
    address: nullableText,
  }),
);
export const auditPage = samePage<AuditEntryRow>()(pageOf(auditEntryRow));

/** What a prize and a product page share (shared/contracts/catalogue-entry.ts). */
const catalogueEntry = exactly<CatalogueEntryRow>()(
  z.object({
    id: z.int(),
    name: z.string(),
    description: z.string(),
    name_en: nullableText,
    name_ko: nullableText,
    description_en: nullableText,
    description_ko: nullableText,
    image: nullableText,
  }),
);

export const prizeRow = exactly<PrizeRow>()(
  catalogueEntry.extend({
    total_quantity: z.int(),
    remaining_quantity: z.int(),
    daily_distribution: z.int(),
    today_distributed: z.int(),
    maintenance_count: z.int(),
    hourly_limit: z.int().nullable(),
    this_hour_distributed: z.int(),
    is_active: z.boolean(),
    created_at: when,
    active_distributions: z.int(),
    winners_count: z.int(),
  }),
);
export const prizePage = samePage<PrizeRow>()(pageOf(prizeRow));

export const productRow = exactly<ProductRow>()(
  catalogueEntry.extend({
    qr_code: z.string(),
    url_path: z.string(),
    winners_count: z.int(),
    live_prize: z.object({ name: z.string(), drops_at: when.nullable() }).nullable(),
  }),
);
export const productPage = samePage<ProductRow>()(pageOf(productRow));
export const productsDeleted = exactly<ProductsDeleted>()(z.object({ detail: z.string().optional(), deleted_count: z.int() }));

const winnerStatus = z.enum(WINNER_STATUSES);
export const winnerRow = exactly<WinnerRow>()(
  z.object({
    id: z.int(),
    name: nullableText,
    password: nullableText.describe("The winner's code; null for accounts that may not see codes"),
    prize: z.int().nullable(),
    product: z.int().nullable(),
    prize_name: z.string(),
    product_name: z.string(),
    created_at: when,
    is_received: z.boolean(),
    received_at: when.nullable(),
    collect_by: when.nullable(),
    expired_at: when.nullable(),
    status: winnerStatus,
    erased_at: when.nullable(),
  }),
);
export const winnerPage = exactly<WinnerPage>()(
  pageOf(winnerRow).extend({ nickname_needed: z.literal(true).optional().describe("Two winners share the code: ask for the nickname") }),
);

const placementRow = exactly<PlacementRow>()(
  z.object({
    id: z.int(),
    prize: z.int(),
    product: z.int(),
    is_active: z.boolean(),
    is_reserved: z.boolean(),
    claimed_at: when.nullable(),
    created_at: when,
    drops_at: when.nullable(),
    announce: z.boolean(),
    prize_name: z.string(),
    product_name: z.string(),
    product_url_path: z.string(),
  }),
);
export const placementPage = exactly<PlacementPage>()(pageOf(placementRow).extend({ active_count: z.int(), inactive_count: z.int() }));
export const placementCreated = exactly<PlacementCreated>()(
  z.object({
    id: z.int(),
    prize: z.int(),
    product: z.int(),
    is_active: z.boolean(),
    drops_at: when.nullable(),
    announce: z.boolean(),
    unplaced: z.int(),
  }),
);
export const dropMoved = exactly<DropMoved>()(z.object({ id: z.int(), drops_at: when }));
export const placementActive = z.object({ id: z.int(), is_active: z.boolean() });
export const placementsRandomized = exactly<PlacementsRandomized>()(
  z.object({
    detail: z.string(),
    placed: z.int(),
    missing: z.int(),
    cleared: z.int(),
    unplaced: z.int(),
    maintenance_mode: z.boolean(),
  }),
);
export const scheduledDrops = exactly<ScheduledDrops>()(
  z.object({
    results: z.array(
      z.object({
        id: z.int(),
        prize: z.int(),
        product: z.int(),
        drops_at: when,
        announce: z.boolean(),
        prize_name: z.string(),
        product_name: z.string(),
      }),
    ),
    now: when,
  }),
);

const maintenanceStatus = z.enum(["sufficient", "insufficient", "exhausted", "inactive"]);
export const dashboard = exactly<Dashboard>()(
  z.object({
    total_products: z.int(),
    total_prizes: z.int(),
    active_prizes: z.int(),
    total_winners: z.int(),
    received_winners: z.int(),
    unreceived_winners: z.int(),
    expired_winners: z.int(),
    recent_winners: z.array(winnerRow),
    recent_received: z.array(winnerRow),
    prize_stats: z.array(
      prizeRow.omit({ winners_count: true }).extend({
        maintenance_status: maintenanceStatus,
        total_winners: z.int(),
        received_winners: z.int(),
        unreceived_winners: z.int(),
        expired_winners: z.int(),
      }),
    ),
    product_stats: z.array(
      z.object({
        id: z.int(),
        name: z.string(),
        url_path: z.string(),
        has_active_prize: z.boolean(),
        active_prize_name: nullableText,
        winners_count: z.int(),
        received_count: z.int(),
        unreceived_count: z.int(),
        expired_count: z.int(),
        scans: z.int(),
        conversion: z.number().nullable(),
      }),
    ),
  }),
);

const funnelCounts = { scans: z.int(), taps: z.int(), holds: z.int(), wins: z.int(), handed_over: z.int() };
export const funnel = exactly<Funnel>()(
  z.object({
    totals: z.object({ ...funnelCounts, conversion: z.number().nullable() }),
    by_hour: z.array(z.object({ ...funnelCounts, hour: when })),
    by_product: z.array(z.object({ ...funnelCounts, product_id: z.int(), product_name: z.string(), conversion: z.number().nullable() })),
  }),
);

const importCounts = z.object({ created: z.int(), updated: z.int(), unchanged: z.int() });
const importSheet = z.enum(IMPORT_SHEETS);
const importColumn = z.enum([...new Set([...IMPORT_COLUMNS.product_pages, ...IMPORT_COLUMNS.prizes])] as [
  (typeof IMPORT_COLUMNS.prizes)[number],
  ...(typeof IMPORT_COLUMNS.prizes)[number][],
]);
export const importAnswer = exactly<ImportAnswer>()(
  z.object({
    dry_run: z.boolean(),
    product_pages: importCounts,
    prizes: importCounts,
    errors: z.array(z.object({ sheet: importSheet.nullable(), row: z.int().nullable(), field: nullableText, message: z.string() })),
    rows: z.array(
      z.object({
        sheet: importSheet,
        row: z.int(),
        key: z.string(),
        status: z.enum(["new", "changed", "unchanged", "error"]),
        cells: z.partialRecord(importColumn, z.string()),
        changed: z.array(importColumn),
      }),
    ),
    product_ids: z.array(z.int()),
  }),
);

export const eventStatus = exactly<EventStatus>()(z.object({ playing_now: z.int(), winners: z.int() }));

const eventState = z.enum(["open", "not_started", "ended", "paused"]);
const noticeText = z.object({ title: z.string(), paragraphs: z.array(z.string()), organiser_at: z.int() });
export const systemSettings = exactly<SystemSettings>()(
  z.object({
    maintenance_mode: z.boolean(),
    event_start_date: nullableText,
    event_end_date: nullableText,
    event_starts_at: when.nullable(),
    event_ends_at: when.nullable(),
    paused: z.boolean(),
    pause_message: nullableText,
    wins_per_visitor: z.enum(WINS_PER_VISITOR),
    show_prize_before_tap: z.boolean(),
    event_name: nullableText,
    event_name_en: nullableText,
    event_name_ko: nullableText,
    primary_color: nullableText,
    footer_text: nullableText,
    footer_text_en: nullableText,
    footer_text_ko: nullableText,
    logo_url: nullableText,
    time_zone: nullableText,
    time_zone_in_use: z.string(),
    collect_within_minutes: z.int().nullable(),
    desk_location_en: nullableText,
    desk_location_ko: nullableText,
    event_state: eventState,
    privacy_notice_en: nullableText,
    privacy_notice_ko: nullableText,
    privacy_contact: nullableText,
    consent_required: z.boolean(),
    retention_days: z.int(),
    privacy_notice_version: z.string(),
    retention_erases_at: when.nullable(),
    retention_pending: z.int(),
    privacy_notice_default: z.object({ en: noticeText, ko: noticeText }).optional(),
  }),
);

const branding = exactly<Branding>()(
  z.object({
    event_name: nullableText,
    event_names: inEachLanguage,
    primary_color: nullableText,
    footer_text: nullableText,
    footer_texts: inEachLanguage,
    logo: z.object({ url: z.string(), width: z.int(), height: z.int() }).nullable(),
  }),
);
const stand = z.object({ name: z.string(), names: inEachLanguage });
export const displaySnapshot = exactly<DisplaySnapshot>()(
  z.object({
    recent_winners: z.array(z.object({ nickname_masked: z.string(), prize_name: z.string(), prize_names: inEachLanguage, won_at: when })),
    prizes: z.array(
      z.object({
        name: z.string(),
        names: inEachLanguage,
        remaining_quantity: z.int(),
        today_left: z.int(),
        live_placements: z.int(),
        live_stands: z.array(stand),
      }),
    ),
    winners_today: z.int(),
    branding,
    time_zone: z.string(),
    next_drops: z.array(z.object({ prize_name: z.string(), product_name: z.string(), drops_at: when })),
    now: when,
  }),
);
export const displayAddress = exactly<DisplayAddress>()(
  z.object({ token: z.string(), path: z.string(), url: z.string(), qr_code: z.string().describe("data: URL of an SVG QR code") }),
);
export const displayToken = displayAddress.pick({ token: true, path: true });

export const publicProductPage = exactly<PublicProductPage>()(
  z.object({
    id: z.int(),
    name: z.string(),
    description: z.string(),
    image: nullableText,
    url_path: z.string(),
    has_prize: z.boolean(),
    is_reserved: z.boolean(),
    event_state: eventState,
    prize: z.object({ name: z.string(), image: nullableText }).nullable(),
    drops_at: when.nullable(),
  }),
);

const myWin = z.object({
  status: winnerStatus,
  collect_by: when.nullable(),
  expired_at: when.nullable(),
  received_at: when.nullable(),
  desk_location: nullableText,
});
export const publicPrizeState = exactly<PublicPrizeState>()(
  z.object({
    has_prize: z.boolean(),
    is_reserved: z.boolean(),
    event_state: eventState,
    my_hold: z.object({ reserved_until: when, seconds_left: z.int() }).optional(),
    opens_at: when.optional(),
    message: z.string().optional(),
    my_win: myWin.optional(),
  }),
);
export const visitorWins = exactly<VisitorWins>()(
  z.object({
    results: z.array(
      myWin.extend({ prize_name: z.string(), product_name: z.string(), url_path: nullableText, won_at: when, is_received: z.boolean() }),
    ),
  }),
);
/** A tap refused: why, as a code the page acts on, and the sentence to show. */
export const claimRefused = z.object({
  detail: z.string(),
  code: z.enum(RESERVE_REFUSAL_CODES),
  drops_at: when.optional().describe("With not_yet: when the prize drops"),
});
export const claimWon = z.object({ detail: z.string(), prize_name: z.string() });

export const session = z.object({
  name: z.string(),
  role: z.enum(ROLES),
  event: z.int().describe("The event this call acts on: ?event=, else the account's selected one, else the default"),
});
export const status = z.object({ status: z.literal("ok") });
export const health = z.object({ status: z.literal("ok"), database: z.string() });
export const healthDown = z.object({ status: z.literal("unavailable"), detail: z.string() });
export const loginRefused = z.object({ error: z.string() });
export const counted = detail.extend({ count: z.int() });
export const held = detail.extend({ reserved_until: when, seconds_left: z.int() });
export const newEventSummary = detail.extend({
  event_id: z.int().describe("The live copy that now answers the kept addresses (the default, when the closed event was)"),
  event_name: z.string(),
  closed_event_id: z.int().describe("The event closed, kept whole with its winners"),
  winners_kept: z.int().describe("The closed event's winners, all kept in it"),
  winners_removed: z.int().describe("Always 0: nothing is deleted"),
  placements_removed: z.int().describe("Always 0: the closed event keeps its placements; the copy starts with none"),
  prizes_restored: z.int().describe("With prizes: restore, the prizes copied into the new event at full stock"),
  prizes_removed: z.int().describe("With prizes: remove, the prizes not carried into the new event (the closed event keeps them)"),
});
