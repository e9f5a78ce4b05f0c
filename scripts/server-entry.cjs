// The production server's entry (copied to .next/standalone/server.js by scripts/copy-standalone-assets.mjs;
// Next.js's own standalone server becomes next-server.js beside it). It sets two HTTP behaviours that
// belong to the server itself, compresses responses (server-compression.cjs), then runs Next.js.
const http = require("node:http");
const { compressResponse } = require("./server-compression.cjs");

// Keep idle keep-alive connections open longer than any client or load balancer keeps them idle (60 s
// at most, usually less; Node's fetch reuses a socket for as long as the server's Keep-Alive header
// allows, minus a margin). With Node's default of 5 s, a busy client could send its next request on a
// socket the server was closing at that moment, and get ECONNRESET.
process.env.KEEP_ALIVE_TIMEOUT ||= "65000";

// Next.js writes the connection's address into X-Forwarded-For only when the header is absent, so a
// client could choose its own address. Append it, as every proxy does: the last entry is then always the
// peer (lib/api/client-address.ts believes TRUSTED_PROXY_HOPS entries before it, no more).
//
// And a path whose %-escapes do not decode to UTF-8 (e.g. /p/%ED%A0%80) names nothing: Next.js would answer
// it with a bare 500 on every dynamic route (uploads and images included, which skip proxy.ts), so it is
// answered 404 here, before Next.js, in the shape the rest of the app uses.
const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Page not found</title>
<body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem">
<h1>Page not found</h1><p>This address does not lead anywhere. Scan the QR code at the stand again.</p></body></html>`;

function pathDecodes(url) {
  try {
    decodeURIComponent((url || "/").split("?")[0]);
    return true;
  } catch {
    return false;
  }
}

function answerNotFound(request, response) {
  const api = (request.url || "").startsWith("/api/");
  const body = api ? JSON.stringify({ detail: "Not found." }) : NOT_FOUND_PAGE;
  response.writeHead(404, {
    "content-type": api ? "application/json" : "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  response.end(request.method === "HEAD" ? undefined : body);
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitWithPeerAddress(event, request, ...rest) {
  if (event === "request" && request && request.socket) {
    if (!pathDecodes(request.url)) {
      answerNotFound(request, rest[0]);
      return true;
    }
    const peer = request.socket.remoteAddress || "unknown";
    const forwarded = request.headers["x-forwarded-for"];
    request.headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${peer}` : peer;
    // Compression is done here, not by Next.js (next.config.ts: compress), so a cached page is gzipped once.
    compressResponse(request, rest[0]);
  }
  return emit.call(this, event, request, ...rest);
};

require("./next-server.js");
