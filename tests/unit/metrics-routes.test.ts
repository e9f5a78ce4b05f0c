import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bearerMatches, databaseReadTimeoutMs } from "@/lib/metrics/registry";
import { OTHER_ROUTE, ROUTE_TEMPLATES, routeTemplateOf, STATIC_ROUTE } from "@/lib/metrics/route-templates";

const root = path.resolve(import.meta.dirname, "../..");

/** Every page and route handler under app/, as the address template a visitor or organiser types. */
function appTemplates(): string[] {
  const found: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        // The language is never in the address (proxy.ts rewrites to app/[locale]); groups name no segment.
        const skipped = entry.name === "[locale]" || /^\(.*\)$/.test(entry.name);
        walk(path.join(dir, entry.name), skipped ? segments : [...segments, entry.name]);
      } else if (entry.name === "page.tsx" || entry.name === "route.ts") {
        // The API's catch-all (app/api/[[...path]]) answers every unknown /api address: those are "other".
        if (!segments.some((segment) => segment.startsWith("[["))) found.push(`/${segments.join("/")}`);
      } else if (segments.length === 0 && /\.(ico|svg)$/.test(entry.name)) {
        found.push(`/${entry.name}`);
      }
    }
  };
  walk(path.join(root, "app"), []);
  for (const file of readdirSync(path.join(root, "public"))) found.push(`/${file}`);
  return found;
}

/** The template with each `[name]` filled in, as a real address would be. */
const sampleOf = (template: string) => template.replace(/\[(\w+)\]/g, (_, name: string) => `${name}Value7`);

describe("the request histogram's route label", () => {
  const templates = appTemplates();

  it("finds the app's pages and routes (so the checks below mean something)", () => {
    expect(templates).toContain("/p/[urlPath]");
    expect(templates).toContain("/api/p/[urlPath]/prize/claim");
    expect(templates.length).toBeGreaterThan(50);
  });

  it("names every page and route of the app by its template (a new route must be added to the table)", () => {
    const missing = templates.filter((template) => routeTemplateOf(sampleOf(template)) !== template);
    expect(missing).toEqual([]);
    for (const template of templates) expect(routeTemplateOf(`${sampleOf(template).replace(/\/$/, "")}/?page=2`)).toBe(template);
  });

  it("lists nothing the app does not have (besides /metrics, which server.mjs answers)", () => {
    expect(ROUTE_TEMPLATES.filter((template) => template !== "/metrics" && !templates.includes(template))).toEqual([]);
  });

  it("prefers a literal segment to a parameter, as Next.js does", () => {
    expect(routeTemplateOf("/api/prizes/reset_all_daily/")).toBe("/api/prizes/reset_all_daily");
    expect(routeTemplateOf("/api/prizes/12/")).toBe("/api/prizes/[id]");
    expect(routeTemplateOf("/api/prizes/winners/winners/")).toBe("/api/prizes/[id]/winners");
  });

  it("labels unknown addresses other, and Next.js's files one label, whatever their number", () => {
    for (const unknown of ["/wp-login.php", "/p", "/p/a/b", "/api/nothing/", "/admin/nope", "//p/x", "/_next/data/x.json", "/P/abc"]) {
      expect(routeTemplateOf(unknown)).toBe(OTHER_ROUTE);
    }
    expect(routeTemplateOf("/_next/static/chunks/abc123.js")).toBe(STATIC_ROUTE);
    expect(routeTemplateOf("/p/%ED%A0%80")).toBe("/p/[urlPath]");
  });
});

describe("the /metrics bearer token", () => {
  it("admits exactly `Bearer <token>`, and nothing without a token set", () => {
    const token = "scrape-token-0123456789";
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
    expect(bearerMatches("Bearer ", undefined)).toBe(false);
    expect(bearerMatches("Bearer undefined", undefined)).toBe(false);
  });
});

describe("the database gauges' read timeout", () => {
  it("fits inside the scrape's own timeout, within 0.5-3 s, and is 2 s when the scrape does not say", () => {
    expect(databaseReadTimeoutMs("1")).toBe(750);
    expect(databaseReadTimeoutMs("10")).toBe(3000);
    expect(databaseReadTimeoutMs("0.5")).toBe(500);
    expect(databaseReadTimeoutMs(undefined)).toBe(2000);
    expect(databaseReadTimeoutMs("soon")).toBe(2000);
  });
});
