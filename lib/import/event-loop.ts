/**
 * An import's steps on the event loop (a workbook read whole by SheetJS, its rows checked, the archive copied,
 * pictures unpacked) each keep every other request waiting: between them, those requests are let in.
 */
export function letOthersRun(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
