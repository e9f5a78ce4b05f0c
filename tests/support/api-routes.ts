import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export type RouteMethod = {
  /** e.g. "/api/p/[urlPath]/prize/claim/" */
  template: string;
  method: string;
  params: string[];
  /** The route wrapper is given a body / query schema: the fuzz sends junk there. */
  takesBody: boolean;
  takesQuery: boolean;
};

// The method and what follows up to its handler's `async` (the route wrapper's options).
const METHOD_EXPORT = /export\s+(?:const|async\s+function)\s+(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b([\s\S]{0,400}?)(?:async|;)/g;

/**
 * Every method of every route handler under app/api, read from the files, so a route added later is
 * covered without touching the tests that use this list.
 */
export function discoverApiRoutes(): RouteMethod[] {
  const apiDir = path.join(root, "app/api");
  const files = readdirSync(apiDir, { recursive: true, encoding: "utf8" }).filter((file) => /(^|\/)route\.ts$/.test(file));
  return files.flatMap((file) => {
    const source = readFileSync(path.join(apiDir, file), "utf8");
    const segments = path.dirname(file) === "." ? [] : path.dirname(file).split(path.sep);
    const params = segments.filter((segment) => segment.startsWith("[")).map((segment) => segment.replace(/[[\].]/g, ""));
    const template = `/api/${segments.map((segment) => `${segment}/`).join("")}`;
    return [...source.matchAll(METHOD_EXPORT)].map(([, method, rest]) => ({
      template,
      method: method!,
      params,
      takesBody: /\bbody:/.test(rest ?? ""),
      takesQuery: /\bquery:/.test(rest ?? ""),
    }));
  });
}

/** The template with each `[param]` / `[...param]` / `[[...param]]` segment replaced by a raw path segment. */
export function fillTemplate(template: string, value: (param: string) => string): string {
  return template.replace(/\[\[?(?:\.\.\.)?([A-Za-z]+)\]?\]/g, (_, param: string) => value(param));
}
