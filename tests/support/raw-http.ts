import http from "node:http";

/**
 * One HTTP request sent exactly as written: the path is not normalised (fetch would resolve `..` and
 * re-encode escapes), so tests can send what an attacker sends. Resolves with status, headers and body (as
 * text, and as the bytes sent: nothing is decompressed).
 */
export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string; bytes: Buffer };

/** The error code of a request that outlived its `timeoutMs`. */
export const NO_ANSWER = "NO_ANSWER";

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

export function rawRequest(
  baseUrl: string,
  /** `localAddress`: the source address to send from (e.g. 127.0.0.2), as a different visitor would. */
  options: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    localAddress?: string;
    /** Fails with NO_ANSWER when the answer has not begun and ended within this long (else no bound). */
    timeoutMs?: number;
  },
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: options.method,
        path: options.path,
        headers: options.headers,
        localAddress: options.localAddress,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: bytes.toString("utf8"), bytes });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    if (options.timeoutMs !== undefined) {
      const timer = setTimeout(
        () => request.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { code: NO_ANSWER })),
        options.timeoutMs,
      );
      request.on("close", () => clearTimeout(timer));
    }
    request.end(options.body);
  });
}
