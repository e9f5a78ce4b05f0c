// The `compression` middleware's few parts server.mjs uses (it ships no types, and @types/compression would
// pull in Express's).
declare module "compression" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type Filter = (request: IncomingMessage, response: ServerResponse) => boolean;
  type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

  function compression(options?: { filter?: Filter; threshold?: number | string; level?: number }): Middleware;
  namespace compression {
    const filter: Filter;
  }
  export default compression;
}
