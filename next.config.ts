import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { securityHeaders } from "./server/security-headers.mjs";

// next-intl: ./i18n/request.ts gives each request its language and messages (see shared/i18n/locales.ts).
const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

const isDev = process.env.NODE_ENV !== "production";

const nextConfig: NextConfig = {
  // The spec's client calls `/api/x/`; links and QR codes use `/p/abc`. Both forms answer, no redirect.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // `npm test` type-checks beside the build (tsc --noEmit in scripts/test-all.sh), so its build skips
  // Next.js's own pass over the same tsconfig. Every other build checks the types.
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === "1" },
  // The production server (server.mjs) compresses responses itself, so that it can leave the visitor's
  // small JSON answers alone; behind nginx (deploy/), nginx compresses. `next dev` sends them uncompressed.
  compress: false,
  // No ETag on pages: Next.js hashes every page's HTML for one, in JavaScript (~0.19 ms of a 76 KB product
  // page, on every scan), and a product page is sent no-store, so no browser ever asks "still this one?"
  // with it.
  generateEtags: false,
  // PGlite loads its WebAssembly and data files relative to its own package; bundling breaks that.
  serverExternalPackages: ["@electric-sql/pglite", "sharp"],
  // The product pages' cached copies (app/p/[urlPath]/v/...): at most three per page and product version
  // (no prize, a prize, a prize held), kept in memory only; one pushed out is rendered again on its next
  // request. Nothing on disk: the container's disk would only grow, and a new build starts empty anyway.
  cacheMaxMemorySize: 128 * 1024 * 1024,
  experimental: {
    // app/global-not-found.tsx: an address that is no page gets a whole 404 document in the reader's
    // language (every layout with <html> is below app/[locale], which such an address never reaches).
    globalNotFound: true,
    isrFlushToDisk: false,
    // The stylesheet in the page's <style>, not a <link>: on a venue's slow network that is one round trip
    // (seconds on "Slow 3G") less before the first paint. Tailwind's CSS for the whole app is ~9 KB gzipped.
    inlineCss: true,
    // No source maps: the production server never reads them (Next.js's serverSourceMaps is off), and they were
    // 100 of the server build's 140 MB and an eighth of the build's CPU. Stacks in the logs name the built
    // chunks' lines; set this to true (and run with NODE_OPTIONS=--enable-source-maps) to read them as source.
    turbopackSourceMaps: false,
  },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders({ dev: isDev }) }];
  },
};

export default withNextIntl(nextConfig);
