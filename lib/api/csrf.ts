/**
 * CSRF double-submit, as the spec's client expects (Django style): a script-readable `csrftoken` cookie,
 * echoed in the `X-CSRFToken` header on every unsafe request. A cross-site page can make the browser send
 * the cookie but cannot read it, so it cannot produce the header.
 */

export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "x-csrftoken";
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function newCsrfToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Constant-time comparison of the cookie and the header; both must be present and well formed. */
export function csrfTokensMatch(cookie: string | undefined, header: string | null): boolean {
  if (!cookie || !header || cookie.length !== header.length || !/^[0-9a-f]{64}$/.test(cookie)) return false;
  let difference = 0;
  for (let index = 0; index < cookie.length; index += 1) {
    difference |= cookie.charCodeAt(index) ^ header.charCodeAt(index);
  }
  return difference === 0;
}
