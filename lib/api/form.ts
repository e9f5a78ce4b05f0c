import busboy from "busboy";
import { AppError, badRequest, type Said, ValidationError } from "@/lib/errors";
import { text } from "@/shared/i18n/text";

/** Longest text field a form may carry (the longest the schemas take is a 5,000-character description). */
const MAX_TEXT_FIELD_BYTES = 64 * 1024;
/** busboy's own cap on a field's name: a longer name is cut, so it matches no field and is refused. */
const MAX_FIELD_NAME_BYTES = 100;

export const FORM_MESSAGES = {
  unknownField: text("errors.form.unknownField"),
  repeatedField: text("errors.form.repeatedField"),
  textTooLong: text("errors.form.textTooLong"),
  tooManyParts: (fields: number) => text("errors.form.tooManyParts", { fields }),
  namelessPart: text("errors.form.namelessPart"),
  unreadable: text("errors.form.unreadable"),
} as const;

type Limits = { fields: ReadonlySet<string>; maxBytes: number; tooLargeMessage: Said };

/**
 * Reads a multipart or url-encoded form as it streams in, one chunk at a time (busboy: linear in the body's
 * size), and stops at the first part that cannot belong: a field the form does not take, one sent twice,
 * or one part more than the form has fields, each a 400 naming it, answered at once. The rest of the body
 * is never parsed, only dropped as it arrives, so 20,000 fields cost what the first few do (the whole-body
 * parse of `Request.formData()` plus a `getAll` per name grew with the square). Files stay `File`s; each
 * field appears once.
 */
export async function readForm(body: ReadableStream<Uint8Array>, contentType: string, limits: Limits): Promise<Record<string, unknown>> {
  const form: Record<string, unknown> = {};
  let failure: unknown;
  const fail = (error: unknown) => {
    failure ??= error;
  };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        fieldNameSize: MAX_FIELD_NAME_BYTES,
        fieldSize: MAX_TEXT_FIELD_BYTES,
        fileSize: limits.maxBytes,
        // At most one part per field. busboy says fields/files when one more arrives, parts once this many
        // were read (a part with no Content-Disposition counts too, though it raises no event).
        fields: limits.fields.size,
        files: limits.fields.size,
        parts: limits.fields.size + 1,
      },
    });
  } catch {
    throw badRequest(FORM_MESSAGES.unreadable);
  }
  const admit = (name: string | undefined): name is string => {
    if (failure) return false;
    if (name === undefined) fail(badRequest(FORM_MESSAGES.namelessPart));
    else if (!limits.fields.has(name)) fail(ValidationError.field(name, FORM_MESSAGES.unknownField));
    else if (name in form) fail(ValidationError.field(name, FORM_MESSAGES.repeatedField));
    return !failure;
  };
  const tooManyParts = () => fail(badRequest(FORM_MESSAGES.tooManyParts(limits.fields.size)));
  parser.on("field", (name, value, info) => {
    if (!admit(name)) return;
    if (info.valueTruncated) fail(ValidationError.field(name, FORM_MESSAGES.textTooLong));
    form[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    // Destroying the parser mid-file errors this stream; the refusal is already recorded (else a crash).
    stream.on("error", () => undefined);
    if (!admit(name)) {
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    form[name] = null; // taken: a second part of this name is a repeat, even before this one's bytes are in
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("limit", () => fail(new AppError("payload_too_large", limits.tooLargeMessage)));
    stream.on("end", () => {
      form[name] = new File([Buffer.concat(chunks)], info.filename ?? "", { type: info.mimeType });
    });
  });
  parser.on("partsLimit", tooManyParts);
  parser.on("fieldsLimit", tooManyParts);
  parser.on("filesLimit", tooManyParts);
  const closed = new Promise<void>((resolve) => {
    parser.on("close", resolve);
    parser.on("error", () => {
      fail(badRequest(FORM_MESSAGES.unreadable));
      resolve();
    });
  });

  const reader = body.getReader();
  let received = 0;
  try {
    for (;;) {
      if (failure) break;
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > limits.maxBytes) fail(new AppError("payload_too_large", limits.tooLargeMessage));
      // The callback runs once busboy has parsed the chunk: its events for it have fired by then.
      else await new Promise<void>((resolve) => parser.write(value, () => resolve()));
    }
    if (!failure) {
      parser.end();
      await closed;
    }
  } finally {
    if (failure) {
      parser.destroy();
      if (failure instanceof AppError && failure.code === "payload_too_large") await reader.cancel().catch(() => undefined);
      else void discardRest(reader, received, limits.maxBytes);
    }
  }
  if (failure) throw failure;
  return form;
}

/**
 * Reads and drops the rest of a refused body while the refusal goes out. Left half-read, the body would
 * stall the connection: the client's next request on it would never be read (keep-alive). Dropping costs
 * no parsing; past the cap the body is cut off, as an oversize one always is.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, received: number, maxBytes: number): Promise<void> {
  try {
    for (let total = received; ; ) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > maxBytes) return void (await reader.cancel());
    }
  } catch {
    // The client went away: nothing left to drop.
  }
}
