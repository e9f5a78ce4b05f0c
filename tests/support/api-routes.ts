import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** One exported method of one `app/api/**\/route.ts`, as the file declares it. */
export type DiscoveredRoute = {
  file: string;
  method: string;
  /** A concrete path for the route: dynamic segments filled with a sample value, trailing slash. */
  path: string;
  /** `access` of its `route({...})` options; "unguarded" when the export does not go through `route(`. */
  access: "admin" | "public" | "unguarded";
};

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
export const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

// A sample for each kind of dynamic segment; the guards answer before the value is looked at.
const SEGMENT_SAMPLES: Record<string, string> = { id: "1", urlPath: "abcd1234", file: "x.png" };

function routeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

function samplePath(apiRoot: string, file: string): string {
  const segments = path
    .relative(apiRoot, path.dirname(file))
    .split(path.sep)
    .filter(Boolean)
    .map((segment) => {
      const dynamic = /^\[(\w+)\]$/.exec(segment);
      return dynamic ? (SEGMENT_SAMPLES[dynamic[1] ?? ""] ?? "1") : segment;
    });
  return `/api/${segments.join("/")}${segments.length ? "/" : ""}`;
}

/**
 * Every API route and method, read from the source files (so routes added later are found), with the
 * access its `route({ access })` wrapper declares.
 */
export function discoverApiRoutes(projectRoot = process.cwd()): DiscoveredRoute[] {
  const apiRoot = path.join(projectRoot, "app", "api");
  return routeFiles(apiRoot).flatMap((file) => {
    const source = readFileSync(file, "utf8");
    const routes: DiscoveredRoute[] = [];
    // The look-ahead reads what follows an export without consuming the next one.
    for (const match of source.matchAll(/export\s+(?:const|async\s+function|function)\s+([A-Z]+)\b(?=([\s\S]{0,300}))/g)) {
      const method = match[1] ?? "";
      const after = match[2] ?? "";
      if (!HTTP_METHODS.includes(method)) continue;
      const wrapped = /^\s*=\s*route\(\s*\{([^}]*)\}/.exec(after);
      const access = wrapped ? /access:\s*"(admin|public)"/.exec(wrapped[1] ?? "")?.[1] : undefined;
      routes.push({
        file: path.relative(projectRoot, file),
        method,
        path: samplePath(apiRoot, file),
        access: (access as "admin" | "public" | undefined) ?? "unguarded",
      });
    }
    return routes;
  });
}
