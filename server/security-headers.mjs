// @ts-check
// The headers every answer carries: next.config.ts gives them to Next.js for every path, and
// server/static-copies.mjs to the build's static files it answers itself. One list, so the two never differ.

/**
 * Next.js inlines small bootstrap scripts and styles, so 'unsafe-inline' stays for those; everything else is
 * same-origin only. The dev server additionally needs eval for fast refresh.
 * @param {{ dev: boolean }} options
 * @returns {Array<{ key: string, value: string }>}
 */
export function securityHeaders({ dev }) {
  const contentSecurityPolicy = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  ];
}
