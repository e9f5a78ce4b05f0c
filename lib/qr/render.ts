import QRCode, { type QRCodeRenderersOptions } from "qrcode";

/**
 * QR codes that print sharp and scan from a distance: error correction M (survives ~15% damage, such as a
 * scratch on a laminated card), the standard 4-module quiet zone, and 720 px across, which is over 300 dpi
 * when printed 5 cm wide.
 */
const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const satisfies QRCodeRenderersOptions;
const QR_PNG_WIDTH = 720;

export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...QR_OPTIONS, type: "png", width: QR_PNG_WIDTH });
}

/** Vector form for the print sheet: sharp at any size the printer chooses. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...QR_OPTIONS, type: "svg" });
}
