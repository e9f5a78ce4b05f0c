import { describe, expect, it } from "vitest";
import { FORM_MESSAGES, readForm } from "@/lib/api/form";
import type { AppError, ValidationError } from "@/lib/errors";
import { english } from "@/tests/support/english";

const FIELDS = new Set(["name", "description", "image"]);
const limits = { fields: FIELDS, maxBytes: 1024 * 1024, tooLargeMessage: "Too large." };

/** The bytes as a request body arrives: in chunks of `size`. */
function streamOf(bytes: Uint8Array, size = 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + size));
      offset += size;
    },
  });
}

async function encoded(form: FormData): Promise<{ bytes: Uint8Array; type: string }> {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { bytes: new Uint8Array(await request.arrayBuffer()), type: request.headers.get("content-type")! };
}

const inEnglish = (fields: ValidationError["fields"] | undefined) =>
  fields && Object.fromEntries(Object.entries(fields).map(([field, said]) => [field, said.map(english)]));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: AppError) => ({ code: error.code, message: error.message, fields: inEnglish((error as ValidationError).fields) }),
  );

describe("readForm", () => {
  it("reads every field once, files as Files, an empty file input as an empty File", async () => {
    const form = new FormData();
    form.append("name", "Stand");
    form.append("description", "Near the door");
    form.append("image", new File([new Uint8Array([1, 2, 3])], "photo.png", { type: "image/png" }));
    const { bytes, type } = await encoded(form);
    const read = await readForm(streamOf(bytes, 7), type, limits);
    expect(read).toMatchObject({ name: "Stand", description: "Near the door" });
    expect(read.image).toBeInstanceOf(File);
    expect(read.image).toMatchObject({ name: "photo.png", size: 3, type: "image/png" });

    const empty = new FormData();
    empty.append("image", new File([], ""));
    const blank = await encoded(empty);
    expect(await readForm(streamOf(blank.bytes), blank.type, limits)).toMatchObject({ image: { name: "", size: 0 } });
  });

  it("refuses the first unknown or repeated field, naming it", async () => {
    const unknown = new FormData();
    unknown.append("name", "Stand");
    unknown.append("price", "10");
    const first = await encoded(unknown);
    expect(await failure(readForm(streamOf(first.bytes), first.type, limits))).toMatchObject({
      fields: { price: [english(FORM_MESSAGES.unknownField)] },
    });
    const twice = new FormData();
    twice.append("image", new File([new Uint8Array(4)], "a.png"));
    twice.append("image", new File([new Uint8Array(4)], "b.png"));
    const second = await encoded(twice);
    expect(await failure(readForm(streamOf(second.bytes), second.type, limits))).toMatchObject({
      fields: { image: [english(FORM_MESSAGES.repeatedField)] },
    });
  });

  it("url-encoded forms follow the same rules", async () => {
    const body = (text: string) => streamOf(new TextEncoder().encode(text));
    const type = "application/x-www-form-urlencoded";
    expect(await readForm(body("name=Stand&description=d"), type, limits)).toEqual({ name: "Stand", description: "d" });
    expect(await failure(readForm(body("a=1&".repeat(20_000)), type, limits))).toMatchObject({
      fields: { a: [english(FORM_MESSAGES.unknownField)] },
    });
  });

  it("a part with no name, a cut-off body and a missing boundary are 400s", async () => {
    const text = (value: string) => streamOf(new TextEncoder().encode(value));
    const multipart = "multipart/form-data; boundary=XyZ";
    expect(
      await failure(readForm(text("--XyZ\r\nContent-Disposition: form-data\r\n\r\nv\r\n--XyZ--\r\n"), multipart, limits)),
    ).toMatchObject({
      code: "bad_request",
      message: english(FORM_MESSAGES.namelessPart),
    });
    expect(await failure(readForm(text('--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nv'), multipart, limits))).toMatchObject(
      {
        code: "bad_request",
        message: english(FORM_MESSAGES.unreadable),
      },
    );
    expect(await failure(readForm(text("x"), "multipart/form-data", limits))).toMatchObject({ message: english(FORM_MESSAGES.unreadable) });
  });

  it("a body past the cap is 413, however it is cut into chunks", async () => {
    const form = new FormData();
    form.append("image", new File([new Uint8Array(4096)], "big.png"));
    const { bytes, type } = await encoded(form);
    expect(await failure(readForm(streamOf(bytes, 100), type, { ...limits, maxBytes: 2048 }))).toMatchObject({
      code: "payload_too_large",
      message: "Too large.",
    });
  });
});
