import http from "node:http";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { FORM_MESSAGES } from "@/lib/api/form";
import { createProductBody } from "@/lib/validation/product";
import { english } from "@/tests/support/english";
import { signedInClient, type TestClient } from "../support/http-client";
import { createProduct, type ProductJson, sendDeclaredBody } from "../support/products";
import { TEST_ADMIN } from "./global-setup";

const baseUrl = inject("baseUrl");
const BOUNDARY = "----form-fields-test";

/** One multipart text part, as a browser writes it. */
const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** A whole multipart body of these parts. */
const multipart = (parts: string[]) => new TextEncoder().encode(`${parts.join("")}--${BOUNDARY}--\r\n`);

const MANY = 20_000;

/** One request on `agent` (one keep-alive connection): its status, and whether it went on the kept connection. */
function onAgent(
  agent: http.Agent,
  options: { method: string; path: string; headers: Record<string, string>; body?: Uint8Array },
): Promise<{ status: number; reusedConnection: boolean }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ agent, host: url.hostname, port: url.port, ...options }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, reusedConnection: request.reusedSocket }));
    });
    request.setTimeout(20_000, () =>
      request.destroy(new Error(`${options.method} ${options.path}: no answer on the kept-alive connection`)),
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/** 20,000 fields once took 6.2 s to refuse, growing with the square, and froze /api/health/. */
describe("a form with many fields is refused at the first one it cannot take", () => {
  let admin: TestClient;
  let product: ProductJson;

  beforeAll(async () => {
    admin = await signedInClient(baseUrl, TEST_ADMIN);
    product = await createProduct(admin, { name: "Form fields stand", description: "unchanged" });
  });

  const send = (method: string, path: string, body: Uint8Array<ArrayBuffer>) =>
    admin.request(method, path, { body, headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` } });

  const counts = async () => {
    const [products, prizes] = await Promise.all([admin.get("/api/products/?page_size=1"), admin.get("/api/prizes/?page_size=1")]);
    return { products: ((await products.json()) as { count: number }).count, prizes: ((await prizes.json()) as { count: number }).count };
  };

  /** Sends the form while asking /api/health/ one call after another; prints how long each took. */
  async function sendWhileHealthIsAsked(label: string, method: string, path: string, body: Uint8Array<ArrayBuffer>) {
    let done = false;
    const healthTimes: number[] = [];
    const health = (async () => {
      while (!done) {
        const started = performance.now();
        const response = await fetch(`${baseUrl}/api/health/`);
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        healthTimes.push(performance.now() - started);
      }
    })();
    const started = performance.now();
    const response = await send(method, path, body).finally(() => {
      done = true;
    });
    const elapsed = performance.now() - started;
    await health;
    console.log(
      `${label}: ${(body.byteLength / 1e6).toFixed(2)} MB refused (${response.status}) in ${elapsed.toFixed(0)} ms; ` +
        `/api/health/ answered ${healthTimes.length} times meanwhile, slowest ${Math.max(0, ...healthTimes).toFixed(0)} ms`,
    );
    return response;
  }

  const forms = [
    ["POST", "/api/admin/create-product/"],
    ["POST", "/api/prizes/"],
  ] as const;

  it.each(forms)("%s %s: 20,000 unknown fields are a 400 naming the first, and nothing is created", async (method, path) => {
    const before = await counts();
    const fields = Array.from({ length: MANY }, (_, index) => part(`field${index}`, "x".repeat(40)));
    const body = multipart([part("name", "Should never exist"), ...fields]);
    const response = await sendWhileHealthIsAsked(`${method} ${path}, ${MANY} unknown fields`, method, path, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ field0: [english(FORM_MESSAGES.unknownField)] });
    expect(await counts()).toEqual(before);
  });

  it("PUT /api/products/{id}/: 20,000 copies of one field are a 400 naming it, and the product is unchanged", async () => {
    const path = `/api/products/${product.id}/`;
    const copies = Array.from({ length: MANY }, () => part("description", "y".repeat(40)));
    const response = await sendWhileHealthIsAsked(
      `PUT ${path}, ${MANY} copies of description`,
      "PUT",
      path,
      multipart([part("name", "Renamed"), ...copies]),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ description: [english(FORM_MESSAGES.repeatedField)] });
    const after = (await (await admin.get(path)).json()) as ProductJson;
    expect({ name: after.name, description: after.description }).toEqual({ name: "Form fields stand", description: "unchanged" });
  });

  it("an unknown field is refused while the rest of the body is still on its way (it is never waited for)", async () => {
    const before = await counts();
    const response = await sendDeclaredBody(`${baseUrl}/api/admin/create-product/`, {
      method: "POST",
      headers: {
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        "x-csrftoken": admin.csrfToken!,
      },
      declaredBytes: 1024 * 1024,
      // The unknown part, then the start of the next one: the server has seen the first end.
      sent: new TextEncoder().encode(`${part("name", "Never")}${part("price", "10")}--${BOUNDARY}\r\n`),
    });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ price: [english(FORM_MESSAGES.unknownField)] });
    expect(await counts()).toEqual(before);
  });

  it("after a refusal the connection carries the client's next request (the rest of the body is dropped, not left)", async () => {
    const oneConnection = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const headers = {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      "x-csrftoken": admin.csrfToken!,
      "x-forwarded-for": admin.address,
    };
    const body = multipart([part("name", "Never"), ...Array.from({ length: MANY }, (_, index) => part(`field${index}`, "x".repeat(40)))]);
    try {
      const refused = await onAgent(oneConnection, { method: "POST", path: "/api/admin/create-product/", headers, body });
      expect(refused.status).toBe(400);
      const next = await onAgent(oneConnection, { method: "GET", path: "/api/health/", headers: {} });
      expect(next).toEqual({ status: 200, reusedConnection: true });
    } finally {
      oneConnection.destroy();
    }
  });

  it("parts without a field name are refused: they cannot run up the part count unseen", async () => {
    const before = await counts();
    const nameless = Array.from({ length: MANY }, () => `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nx\r\n`);
    const response = await send("POST", "/api/admin/create-product/", multipart([part("name", "Never"), ...nameless]));
    expect(response.status).toBe(400);
    // One part per field of the form (name, description, the names in English and Korean, image).
    expect(await response.json()).toEqual({ detail: english(FORM_MESSAGES.tooManyParts(Object.keys(createProductBody.shape).length)) });
    expect(await counts()).toEqual(before);
  });

  it("a form with every field once still works (url-encoded too)", async () => {
    const created = await send("POST", "/api/admin/create-product/", multipart([part("name", "All fields"), part("description", "d")]));
    expect(created.status).toBe(201);
    const encoded = await admin.request("PUT", `/api/products/${product.id}/`, {
      body: "name=Form+fields+stand&description=unchanged&remove_image=false",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(encoded.status).toBe(200);
  });
});
