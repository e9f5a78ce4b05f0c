import JSZip from "jszip";
import type { Db } from "@/db";
import { exportAuditRows } from "@/db/queries/audit";
import { readArchiveCutoff, readEventRecords } from "@/db/queries/event-archive";
import { readFunnel } from "@/db/queries/funnel";
import { exportWinnerRows } from "@/db/queries/winners";
import { retryingTransaction } from "@/lib/services/transaction";
import type { ArchiveCutoff } from "@/shared/contracts/new-event";
import type { Locale } from "@/shared/i18n/locales";
import { auditWorkbook } from "./audit-xlsx";
import { datedFileName } from "./download";
import { funnelWorkbook } from "./funnel-xlsx";
import { winnersWorkbook } from "./winners-xlsx";

/** The files inside the archive (docs/features.md, "A new event"): fixed names, whatever the language of their contents. */
const ARCHIVE_FILES = {
  winners: "winners.xlsx",
  audit: "audit-log.xlsx",
  funnel: "funnel.xlsx",
  event: "event.json",
} as const;

/**
 * One .zip of the whole event, for the organiser to keep before starting a new one: every winner and every
 * audit row as the screens' Excel exports write them, the funnel when anything was counted, and event.json
 * (products, prizes, placements). The workbooks are zip files already, so they are stored as they are; only
 * event.json is compressed. JSZip builds the archive in small asynchronous steps, so other requests are
 * served meanwhile; the workbooks are built as the screens' exports build them.
 *
 * Its winners are exactly those up to its cut-off (read first: readArchiveCutoff), written in event.json as
 * `cutoff` and returned beside the file for the route's `X-Archive-Cutoff` header: a reader can tell which
 * wins a file taken while visitors still win holds.
 */
export async function buildEventArchive({
  db,
  eventId,
  timeZone,
  locale,
  now = new Date(),
}: {
  db: Db;
  /** The event archived: its winners, its funnel, and its audit rows with the installation's (an owner's view). */
  eventId: number;
  timeZone: string;
  /** The workbooks' headers and sheet names, in the organiser's language. */
  locale: Locale;
  now?: Date;
}): Promise<{ file: Buffer; cutoff: ArchiveCutoff }> {
  const cutoff = await retryingTransaction(db, (tx) => readArchiveCutoff(tx, eventId));
  const zip = new JSZip();
  const stored = { compression: "STORE" as const, date: now };
  const winnerRows = exportWinnerRows({ db, eventId, filter: { up_to_id: cutoff.last_winner_id } });
  zip.file(ARCHIVE_FILES.winners, await winnersWorkbook(winnerRows, locale), stored);
  zip.file(
    ARCHIVE_FILES.audit,
    await auditWorkbook(
      exportAuditRows({
        db,
        scope: { eventId, withInstallation: true },
        filter: { account: undefined, action: undefined, search: undefined },
      }),
      locale,
    ),
    stored,
  );
  const funnel = await readFunnel({ db, eventId, filter: {} });
  if (funnel.by_hour.length > 0) zip.file(ARCHIVE_FILES.funnel, funnelWorkbook(funnel, locale), stored);
  const records = await readEventRecords(db, eventId);
  const event = { exported_at: now.toISOString(), time_zone: timeZone, cutoff, ...records };
  // Compact: 100,000 placements are 20 MB indented, and compressing that took JSZip seconds more.
  zip.file(ARCHIVE_FILES.event, JSON.stringify(event), { compression: "DEFLATE", date: now });
  const file = await zip.generateAsync({ type: "nodebuffer", compression: "STORE" });
  return { file, cutoff };
}

/** `event-YYYYMMDD.zip`: the event's first day when the settings know it, else today (APP_TIMEZONE). */
export function eventArchiveName(eventStartDate: string | null, now: Date, timeZone: string): string {
  if (eventStartDate) return `event-${eventStartDate.replaceAll("-", "")}.zip`;
  return datedFileName("event", now, timeZone).replace(/\.xlsx$/, ".zip");
}
