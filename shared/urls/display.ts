/** The big screen's address for a token: public but unlisted, like a product page. */
export function displayPath(token: string): string {
  return `/display/${token}`;
}

export function displayApiPath(token: string): string {
  return `/api/display/${encodeURIComponent(token)}/`;
}

/** The event stream: nginx (deploy/nginx.conf.template) passes paths of this shape through unbuffered. */
export function displayEventsPath(token: string): string {
  return `/api/display/${encodeURIComponent(token)}/events/`;
}

/** Tokens are URL-safe base64 or hex; anything else is no token, answered 404 without a database read. */
export function isDisplayToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{24,64}$/.test(value);
}
