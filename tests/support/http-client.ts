/**
 * A browser-like HTTP client for integration tests: keeps cookies, sends the CSRF header the way the
 * spec's client does, never follows redirects (so a redirect is visible as a 3xx).
 */

export type FormFieldValue = string | { file: Blob; name: string };

export type SetCookie = { name: string; value: string; attributes: string[] };

function parseSetCookie(header: string): SetCookie {
  const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
  const index = pair.indexOf("=");
  return { name: pair.slice(0, index), value: pair.slice(index + 1), attributes: attributes.map((a) => a.toLowerCase()) };
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  lastSetCookies: SetCookie[] = [];

  constructor(
    readonly baseUrl: string,
    /** Sent as X-Forwarded-For, so throttling tests can act as distinct visitors. */
    readonly address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  ) {}

  /** Picks up the csrftoken cookie, as a browser does on its first page. */
  async init(): Promise<this> {
    await this.request("GET", "/api/health/");
    return this;
  }

  get csrfToken(): string | undefined {
    return this.cookies.get("csrftoken");
  }

  async request(
    method: string,
    path: string,
    options: { json?: unknown; body?: BodyInit; headers?: Record<string, string>; csrf?: boolean; signal?: AbortSignal } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { "x-forwarded-for": this.address, ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (options.csrf !== false && this.csrfToken) headers["x-csrftoken"] = this.csrfToken;
    let body = options.body;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: "manual", signal: options.signal });
    this.lastSetCookies = response.headers.getSetCookie().map(parseSetCookie);
    for (const cookie of this.lastSetCookies) {
      const expired = cookie.value === "" || cookie.attributes.some((a) => a === "max-age=0" || a.startsWith("expires=thu, 01 jan 1970"));
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(path: string) {
    return this.request("GET", path);
  }

  post(path: string, json?: unknown, options: { csrf?: boolean } = {}) {
    return this.request("POST", path, { json, ...options });
  }

  patch(path: string, json?: unknown, options: { csrf?: boolean } = {}) {
    return this.request("PATCH", path, { json, ...options });
  }

  delete(path: string, options: { csrf?: boolean } = {}) {
    return this.request("DELETE", path, options);
  }

  /**
   * A multipart/form-data request, as a browser's FormData sends it. A field given as `{ file, name }` is a
   * file upload under that file name (with the Blob's type as its declared type).
   */
  form(method: string, path: string, fields: Record<string, FormFieldValue>, options: { csrf?: boolean } = {}) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value === "string") body.append(key, value);
      else body.append(key, value.file, value.name);
    }
    return this.request(method, path, { body, ...options });
  }

  /** Name of next-auth's session cookie in this jar (its name depends on http vs https). */
  sessionCookieName(): string | undefined {
    return [...this.cookies.keys()].find((name) => name.endsWith("authjs.session-token"));
  }
}

export async function signedInClient(baseUrl: string, credentials: { name: string; password: string }): Promise<TestClient> {
  const client = await new TestClient(baseUrl).init();
  const response = await client.post("/api/admin/login/", credentials);
  if (response.status !== 200) throw new Error(`Sign-in failed with ${response.status}: ${await response.text()}`);
  return client;
}
