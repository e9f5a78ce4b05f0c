/**
 * File names for downloaded QR codes (spec §7): `<product name>_<url path>.png` inside a zip named
 * `QR codes collection YYYYMMDD.zip`. No server code: the browser builds the zip.
 */

// Characters Windows, macOS or zip tools refuse or misread in a file name, and control characters.
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/** A file name for one product's QR code; the url path keeps names unique even when products share a name. */
export function qrEntryName(productName: string, urlPath: string): string {
  const safeName = productName.replace(UNSAFE_IN_FILE_NAME, "_").replace(/\s+/g, " ").trim().slice(0, 100) || "product";
  return `${safeName}_${urlPath}.png`;
}

/** The single QR download, named after the url path as the spec asks. */
export function qrDownloadName(urlPath: string): string {
  return `${urlPath}.png`;
}

/** `QR codes collection 20260424.zip` (the words in the admin's language), dated in the admin's own time zone. */
export function qrZipName(date: Date, collection: string): string {
  const stamp = `${date.getFullYear()}${String(date.getMonth() + 1).padStart(2, "0")}${String(date.getDate()).padStart(2, "0")}`;
  return `${collection} ${stamp}.zip`;
}
