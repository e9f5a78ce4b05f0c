import http from "node:http";
import sharp from "sharp";
import type { ProductRow } from "@/shared/contracts/products";
import type { TestClient } from "./http-client";

/** A small real PNG of one colour; different colours give different stored images. */
export async function pngBlob(colour = "#cc0000", width = 64, height = 48): Promise<Blob> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/png" });
}

/** A product as the API answers it. */
export type ProductJson = ProductRow;

/** Creates a product page through the API and returns it; fails the test on anything but 201. */
export async function createProduct(
  client: TestClient,
  fields: { name: string; description?: string; name_ko?: string; image?: Blob },
): Promise<ProductJson> {
  const { image, ...text } = fields;
  const response = await client.form("POST", "/api/admin/create-product/", {
    ...text,
    ...(image && { image: { file: image, name: "picture.png" } }),
  });
  if (response.status !== 201) throw new Error(`create-product answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ProductJson;
}

/**
 * Sends only the headers and the first bytes (`sent`: a count of filler, or the bytes themselves) of a
 * request that declares a much larger body, and
 * resolves with the response. A server that answers while the upload is still "in progress" has refused it
 * without reading it whole.
 */
export function sendDeclaredBody(
  url: string,
  {
    method,
    headers,
    declaredBytes,
    sent,
  }: { method: string; headers: Record<string, string>; declaredBytes: number; sent: number | Uint8Array },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: { ...headers, "content-length": String(declaredBytes) } });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error("No response while the declared body was still unsent: the server waited for the whole body."));
    }, 10_000);
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => {
        clearTimeout(timer);
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    // The server may close the connection on us after answering; the response has been seen by then.
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.write(typeof sent === "number" ? Buffer.alloc(sent, "a") : sent);
  });
}
