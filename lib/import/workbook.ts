import * as XLSX from "xlsx";
import type { Said } from "@/lib/errors";
import { type ImportSheet, MAX_IMPORT_ROWS } from "@/shared/contracts/import";
import { text } from "@/shared/i18n/text";
import { sheetNamed, sheetOfHeader } from "./columns";
import { type ImportProblem, ImportRefused } from "./problem";
import { looksLikeZip, readZipDirectory, unpacksTooLarge } from "./zip-directory";

/** The spreadsheet's own cap: 2,000 rows of text are well under 1 MB; room for styles and pictures pasted in. */
export const MAX_SPREADSHEET_BYTES = 10 * 1024 * 1024;
const MB = 1024 * 1024;
/** What an .xlsx may unpack to (its XML parts), checked from its directory before SheetJS unpacks it. */
const MAX_UNPACKED_SPREADSHEET = { maxTotalBytes: 100 * MB, maxEntryBytes: 100 * MB };
const MAX_SPREADSHEET_PARTS = 1000;

/** A cell as read: its text (a formula's saved value), or why it has none. */
type Cell = { text: string } | { problem: Said };
type RawRow = { row: number; cells: Cell[] };
export type RawSheet = { sheet: ImportSheet; header: string[]; rows: RawRow[] };

const refuse = (said: Said) => ImportRefused.file("file", said);

function isOleFile(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32BE(0) === 0xd0cf11e0;
}

/** Common options: cached values only (never recalculated), the dense form, at most the allowed rows. */
const READ_OPTIONS = { dense: true, cellFormula: true, cellHTML: false, cellNF: false, cellStyles: false, sheetRows: MAX_IMPORT_ROWS + 1 };

function readXlsx(bytes: Buffer, fileName: string): XLSX.WorkBook {
  const entries = readZipDirectory(bytes, MAX_SPREADSHEET_PARTS);
  if (entries === null) throw refuse(text("errors.import.unreadable"));
  if (entries === "tooManyEntries" || unpacksTooLarge(entries, MAX_UNPACKED_SPREADSHEET)) {
    throw refuse(text("errors.import.zipBomb", { mb: MAX_UNPACKED_SPREADSHEET.maxTotalBytes / MB }));
  }
  // Macros never run here, but a macro-enabled workbook is refused so nobody mistakes it for a safe one.
  if (/\.(xlsm|xltm|xlam|xlsb)$/i.test(fileName) || entries.some((entry) => /(^|\/)vbaProject\.bin$/i.test(entry.name))) {
    throw refuse(text("errors.import.macroEnabled"));
  }
  if (!entries.some((entry) => entry.name === "xl/workbook.xml")) throw refuse(text("errors.import.notSpreadsheet"));
  try {
    return XLSX.read(bytes, { ...READ_OPTIONS, type: "buffer" });
  } catch {
    throw refuse(text("errors.import.unreadable"));
  }
}

/** CSV text: UTF-8 (with or without its mark), else Korean Excel's own CSV encoding (CP949). */
function decodeCsv(bytes: Buffer): string {
  for (const encoding of ["utf-8", "euc-kr"]) {
    try {
      const decoded = new TextDecoder(encoding, { fatal: true }).decode(bytes);
      // Control characters other than tab and line ends: a binary file, not text.
      if (/[\u0000-\u0008\u000e-\u001f]/.test(decoded)) break;
      return decoded;
    } catch {
      // Not this encoding: try the next.
    }
  }
  throw refuse(text("errors.import.notSpreadsheet"));
}

function readCsv(bytes: Buffer): XLSX.WorkBook {
  const csv = decodeCsv(bytes);
  try {
    // raw: every cell stays the text typed (no dates, numbers or formulas guessed from it).
    return XLSX.read(csv, { ...READ_OPTIONS, type: "string", raw: true });
  } catch {
    throw refuse(text("errors.import.unreadable"));
  }
}

function cellOf(cell: XLSX.CellObject | undefined): Cell {
  if (!cell) return { text: "" };
  if (cell.t === "e") return { problem: text("errors.import.formulaError", { value: cell.w ?? "#ERROR" }) };
  // A formula saved without its value (written by a program, never opened in Excel): nothing to take.
  if (cell.v === undefined || cell.t === "z") return cell.f ? { problem: text("errors.import.formulaNoValue") } : { text: "" };
  if (cell.t === "b") return { text: cell.v ? "TRUE" : "FALSE" };
  if (cell.v instanceof Date) return { text: cell.v.toISOString() };
  return { text: String(cell.v).trim() };
}

const isBlank = (cells: Cell[]) => cells.every((cell) => "text" in cell && cell.text === "");

function rowsOf(sheet: XLSX.WorkSheet, name: string, sheetId: (header: string[]) => ImportSheet | null) {
  const data = (sheet["!data"] ?? []) as (XLSX.CellObject[] | undefined)[];
  const header = (data[0] ?? []).map((cell) => {
    const read = cellOf(cell);
    return "text" in read ? read.text : "";
  });
  const id = sheetId(header);
  if (id && sheet["!fullref"] && XLSX.utils.decode_range(sheet["!fullref"]).e.r > MAX_IMPORT_ROWS) {
    throw ImportRefused.file("file", text("errors.import.tooManyRows", { max: MAX_IMPORT_ROWS }), id);
  }
  const rows: RawRow[] = [];
  for (let index = 1; index < data.length; index += 1) {
    const cells = header.map((_, column) => cellOf(data[index]?.[column]));
    if (!isBlank(cells)) rows.push({ row: index + 1, cells });
  }
  return { id, header, rows, name };
}

/**
 * The sheets of an .xlsx workbook or a CSV file, refused as a whole when it is none of those, macro-enabled,
 * a zip bomb, unreadable or longer than 2,000 rows. A tab is product pages or prizes by its name (either
 * language); a file with one tab (a CSV) by its header. A formula cell gives the value Excel saved with it.
 */
export function readSpreadsheet(bytes: Buffer, fileName: string): { sheets: RawSheet[]; problems: ImportProblem[] } {
  if (bytes.byteLength > MAX_SPREADSHEET_BYTES) throw refuse(text("errors.import.fileTooLarge", { mb: MAX_SPREADSHEET_BYTES / MB }));
  if (bytes.byteLength === 0) throw refuse(text("errors.import.noRows"));
  if (isOleFile(bytes)) throw refuse(text("errors.import.notSpreadsheet"));
  const book = looksLikeZip(bytes) ? readXlsx(bytes, fileName) : readCsv(bytes);
  const single = book.SheetNames.length === 1;
  const sheets: RawSheet[] = [];
  const problems: ImportProblem[] = [];
  for (const name of book.SheetNames) {
    const read = rowsOf(book.Sheets[name]!, name, (header) => sheetNamed(name) ?? (single ? sheetOfHeader(header) : null));
    if (read.rows.length === 0 && read.header.every((cell) => cell === "")) continue;
    if (!read.id || sheets.some((sheet) => sheet.sheet === read.id)) {
      problems.push({ sheet: null, row: null, field: "file", said: text("errors.import.unknownSheet", { name }) });
      continue;
    }
    sheets.push({ sheet: read.id, header: read.header, rows: read.rows });
  }
  if (problems.length === 0 && sheets.every((sheet) => sheet.rows.length === 0)) throw refuse(text("errors.import.noRows"));
  return { sheets, problems };
}
