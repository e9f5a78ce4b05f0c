import QRCode, { type QRCodeRenderersOptions } from "qrcode";

/**
 * QR codes that print sharp and scan from a distance: error correction M (survives ~15% damage, such as a
 * scratch on a laminated card), the standard 4-module quiet zone, and 720 px across, which is over 300 dpi
 * when printed 5 cm wide.
 */
const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const satisfies QRCodeRenderersOptions;
const QR_PNG_WIDTH = 720;

/**
 * The PNGs drawn lately, by the text they encode (a code depends on nothing else), the least recently used
 * going first: the products screen asks for every page's code on each visit, and drawing one (720 px, then
 * deflated) took 30-70 ms of the server's CPU. A code is 3-20 KB, so a thousand stay under 20 MB.
 */
const MAX_KEPT_PNGS = 1_000;
const keptPngs = new Map<string, Promise<Buffer>>();

/** The code as a PNG; the same Buffer for the same text while it is kept, so callers must not change it. */
export function qrPng(text: string): Promise<Buffer> {
  let png = keptPngs.get(text);
  keptPngs.delete(text);
  if (!png) {
    png = QRCode.toBuffer(text, { ...QR_OPTIONS, type: "png", width: QR_PNG_WIDTH });
    // A failure is not kept: the next request draws it again.
    png.catch(() => keptPngs.get(text) === png && keptPngs.delete(text));
  }
  keptPngs.set(text, png);
  for (const oldest of keptPngs.keys()) {
    if (keptPngs.size <= MAX_KEPT_PNGS) break;
    keptPngs.delete(oldest);
  }
  return png;
}

/** Vector form for the print sheet: sharp at any size the printer chooses. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...QR_OPTIONS, type: "svg" });
}
