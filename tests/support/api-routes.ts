import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** One exported method of one `app/api/**\/route.ts`, as the file declares it. */
export type DiscoveredRoute = {
  /** The file, relative to the project root. */
  file: string;
  method: string;
  /** e.g. "/api/p/[urlPath]/prize/claim/" */
  template: string;
  /** Names of the dynamic segments, in order. */
  params: string[];
  /** A concrete path: dynamic segments filled with a sample value, trailing slash. */
  path: string;
  /** `access` of its `route({...})` options; "unguarded" when the export does not go through `route(`. */
  access: "admin" | "public" | "unguarded";
  /** The route wrapper is given a body / query schema: the fuzz sends junk there. */
  takesBody: boolean;
  takesQuery: boolean;
};

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
export const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

// A sample for each kind of dynamic segment; the guards answer before the value is looked at.
const SEGMENT_SAMPLES: Record<string, string> = {
  id: "1",
  urlPath: "abcd1234",
  file: "x.png",
  path: "nothing-here",
  token: "not-the-display-token-000",
};

/** The template with each `[param]` / `[...param]` / `[[...param]]` segment replaced by a raw path segment. */
export function fillTemplate(template: string, value: (param: string) => string): string {
  return template.replace(/\[\[?(?:\.\.\.)?([A-Za-z]+)\]?\]/g, (_, param: string) => value(param));
}

/**
 * Every API route and method, read from the source files (so a route added later is covered without
 * touching the tests that use this list), with the access its `route({ access })` wrapper declares.
 */
export function discoverApiRoutes(): DiscoveredRoute[] {
  const apiDir = path.join(root, "app/api");
  const files = readdirSync(apiDir, { recursive: true, encoding: "utf8" }).filter((file) => /(^|\/)route\.ts$/.test(file));
  return files.flatMap((file) => {
    const source = readFileSync(path.join(apiDir, file), "utf8");
    const segments = path.dirname(file) === "." ? [] : path.dirname(file).split(path.sep);
    const params = segments.filter((segment) => segment.startsWith("[")).map((segment) => segment.replace(/[[\].]/g, ""));
    const template = `/api/${segments.map((segment) => `${segment}/`).join("")}`;
    const routes: DiscoveredRoute[] = [];
    // The look-ahead reads what follows an export without consuming the next one.
    for (const match of source.matchAll(/export\s+(?:const|async\s+function|function)\s+([A-Z]+)\b(?=([\s\S]{0,400}))/g)) {
      const method = match[1] ?? "";
      if (!HTTP_METHODS.includes(method)) continue;
      const after = match[2] ?? "";
      const wrapped = /^\s*=\s*route\(\s*\{([^}]*)\}/.exec(after);
      const options = wrapped?.[1] ?? "";
      const access = /access:\s*"(admin|public)"/.exec(options)?.[1] as "admin" | "public" | undefined;
      routes.push({
        file: path.join("app/api", file),
        method,
        template,
        params,
        path: fillTemplate(template, (param) => SEGMENT_SAMPLES[param] ?? "1"),
        access: access ?? "unguarded",
        takesBody: /\bbody:/.test(options),
        takesQuery: /\bquery:/.test(options),
      });
    }
    return routes;
  });
}
