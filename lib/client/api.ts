/**
 * The one way client components talk to the API (spec §6-7): cookies always sent, the `csrftoken` cookie
 * echoed in `X-CSRFToken`, 401 → admin login, 404 → /not-found, any other failure → ApiError.
 */

import { ADMIN_LOGIN, loginPath } from "@/lib/auth/next-path";

/** The server's error bodies: `{detail}`, `{field: [msg], non_field_errors: [msg]}`, or `{error}` (login). */
export type ApiErrorBody = {
  detail?: unknown;
  error?: unknown;
  non_field_errors?: unknown;
  [field: string]: unknown;
};

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, body: ApiErrorBody | null, message?: string) {
    super(message ?? `Request failed with status ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

export type ApiFetchInit = {
  method?: string;
  json?: unknown;
  formData?: FormData;
  signal?: AbortSignal;
  /** Let the request outlive the page (the public page cancels a prize hold on `pagehide` this way). */
  keepalive?: boolean;
};

export type ApiFetchOptions = {
  /** The login page turns this off: a wrong password there is a 400, but nothing should bounce it. */
  redirectOn401?: boolean;
  /**
   * Lists turn this off: a page past the end (another admin deleted rows meanwhile) answers 404
   * "Invalid page.", which should reload an earlier page, not leave the screen for /not-found.
   */
  redirectOn404?: boolean;
};

const NOT_FOUND_PATH = "/not-found";

export function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      const value = rest.join("=");
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function asErrorBody(value: unknown): ApiErrorBody | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as ApiErrorBody) : null;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/**
 * The call now bringing this phone its first cookies, if any. The product page's HTML sets none (it is the
 * same bytes for every visitor, so caches can share it): its first API call's answer hands out the
 * `csrftoken` and the visitor id. Two calls sent without cookies would each be handed a different visitor
 * id, and the phone keeps whichever answer lands last: a hold made with the other id would not be its own
 * at the claim. So while one call without cookies is on its way, the next waits for it, then carries them.
 */
let cookiesOnTheirWay: Promise<unknown> | null = null;

/** `call` (an early tap's, made before React ran) brings the first cookies: later calls wait for it. */
export function cookiesArriveWith(call: Promise<unknown>): void {
  if (!readCookie("csrftoken")) cookiesOnTheirWay = call;
}

async function cookiesArrived(): Promise<void> {
  while (cookiesOnTheirWay && !readCookie("csrftoken")) {
    const call = cookiesOnTheirWay;
    await call.catch(() => undefined);
    if (cookiesOnTheirWay === call) cookiesOnTheirWay = null;
  }
}

export async function apiFetch<T>(path: string, init: ApiFetchInit = {}, options: ApiFetchOptions = {}): Promise<T> {
  const { redirectOn401 = true, redirectOn404 = true } = options;
  await cookiesArrived();
  const headers = new Headers({ Accept: "application/json" });
  const csrfToken = readCookie("csrftoken");
  if (csrfToken) headers.set("X-CSRFToken", csrfToken);

  let body: BodyInit | undefined;
  if (init.formData) {
    // The browser writes the multipart boundary into Content-Type itself; setting it here would break it.
    body = init.formData;
  } else if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }

  let response: Response;
  try {
    const sending = fetch(path, {
      method: init.method ?? "GET",
      headers,
      body,
      credentials: "include",
      signal: init.signal,
      keepalive: init.keepalive,
    });
    if (!csrfToken) cookiesArriveWith(sending);
    response = await sending;
  } catch (error) {
    // An abort is the caller's own doing (unmount, newer request); let it through so callers can ignore it.
    if (isAbort(error)) throw error;
    throw new ApiError(0, null, "Network error");
  }

  let parsed: unknown;
  try {
    parsed = await readBody(response);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, null, "Network error");
  }

  if (response.ok) return parsed as T;

  const errorBody = asErrorBody(parsed);
  if (response.status === 401 && redirectOn401) {
    // Back to this page after signing in again (the session ran out while the admin worked here).
    if (window.location.pathname.replace(/\/+$/, "") !== ADMIN_LOGIN)
      window.location.assign(loginPath(`${window.location.pathname}${window.location.search}`));
  } else if (response.status === 404 && redirectOn404) {
    window.location.assign(NOT_FOUND_PATH);
  }
  throw new ApiError(response.status, errorBody);
}

/** How many times a call shed by a busy server is asked again before its error shows. */
const BUSY_RETRIES = 5;

/**
 * A server shedding load answers a visitor's call (the page's state, a hold, the wins, the big screen's
 * snapshot) with 503 and `retry_after` (and Retry-After): wait that long (5 s at most) and ask again. A claim
 * and a let-go are never shed.
 */
export async function retryWhileBusy<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const seconds = error instanceof ApiError && error.status === 503 ? Number(error.body?.retry_after) : Number.NaN;
      if (!(seconds > 0) || attempt >= BUSY_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 5) * 1000));
    }
  }
}

/** The first non-blank message of a DRF error value (`"msg"` or `["msg", ...]`); the one way to read one. */
export function firstMessage(value: unknown): string | undefined {
  if (typeof value === "string" && value.trim() !== "") return value;
  if (Array.isArray(value)) return value.find((item): item is string => typeof item === "string" && item.trim() !== "");
  return undefined;
}

/** The message to show for a failed call: the server's detail, else its error, else its first non-field error. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.body) return fallback;
  return firstMessage(error.body.detail) ?? firstMessage(error.body.error) ?? firstMessage(error.body.non_field_errors) ?? fallback;
}

/** What a list screen asks for: a page, its size, and the screen's own filters (all text, as in the URL). */
export type ListParams<F extends { [filter: string]: string | undefined } = Record<string, string>> = {
  page: number;
  pageSize: number;
  filters: F;
};

/**
 * One page of an admin list from `path` (`?page=..&page_size=..&<filter>=..`, empty filters left out). A page
 * past the end answers 404 "Invalid page.": the list hook goes back to page 1 instead of leaving the screen.
 */
export function fetchListPage<Result>(
  path: string,
  params: ListParams<{ [filter: string]: string | undefined }>,
  signal?: AbortSignal,
): Promise<Result> {
  const search = new URLSearchParams({ page: String(params.page), page_size: String(params.pageSize) });
  for (const [key, value] of Object.entries(params.filters)) if (value) search.set(key, value);
  return apiFetch(`${path}?${search}`, { signal }, { redirectOn404: false });
}
