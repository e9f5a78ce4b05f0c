import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { discoverApiRoutes, fillTemplate } from "../support/api-routes";
import { signedInClient, TestClient } from "../support/http-client";
import { createPrizeViaApi, winViaApi } from "../support/winners";
import { TEST_ADMIN } from "./global-setup";

const baseUrl = inject("baseUrl");

type Schema = Record<string, unknown>;
type OperationObject = {
  parameters?: { name: string; in: string }[];
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, OperationObject>> };

let document: OpenApiDocument;
let admin: TestClient;

/** `/api/prizes/[id]/` as the document writes it. */
const documentedPath = (template: string) => fillTemplate(template, (name) => `{${name}}`);

const documentedOperations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );

beforeAll(async () => {
  const response = await new TestClient(baseUrl).get("/api/openapi.json");
  expect(response.status).toBe(200);
  document = (await response.json()) as OpenApiDocument;
  admin = await signedInClient(baseUrl, TEST_ADMIN);
  // A product, a prize placed on it and a win: every list then has a row for its schema to describe.
  const prize = await createPrizeViaApi(admin);
  await winViaApi(admin, baseUrl, { prizeId: prize.id, name: "oas", password: "4321" });
});

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("is served to anyone, with or without the trailing slash", async () => {
    const withSlash = await new TestClient(baseUrl).get("/api/openapi.json/");
    expect(withSlash.status).toBe(200);
    expect(withSlash.headers.get("content-type")).toContain("application/json");
    expect(await withSlash.json()).toEqual(document);
  });

  it("documents every route and method the app has, and nothing else", () => {
    const inApp = discoverApiRoutes().map((route) => `${route.method} ${documentedPath(route.template)}`);
    const documented = documentedOperations().map(({ path, method }) => `${method} ${path}`);
    expect(documented.toSorted()).toEqual(inApp.toSorted());
  });

  it("says which admin routes need the session, from the routes' own options", () => {
    for (const route of discoverApiRoutes()) {
      const operation = document.paths[documentedPath(route.template)]?.[route.method.toLowerCase()];
      const needsSession = operation?.security?.some((scheme) => "session" in scheme) ?? false;
      expect({ route: `${route.method} ${route.template}`, needsSession }).toEqual({
        route: `${route.method} ${route.template}`,
        needsSession: route.access === "admin",
      });
    }
  });

  it("answers every documented GET that takes no path parameter, with an answer its schema describes", async () => {
    const gets = documentedOperations().filter(({ method, path }) => method === "GET" && !path.includes("{"));
    expect(gets.length).toBeGreaterThan(15);
    for (const { path, operation } of gets) {
      const client = operation.security?.some((scheme) => "session" in scheme) ? admin : new TestClient(baseUrl);
      const response = await client.get(path);
      expect({ path, status: response.status }).not.toMatchObject({
        status: expect.toSatisfy((status: number) => status === 404 || status === 405),
      });
      const documented = operation.responses[String(response.status)];
      expect({ path, documented: documented !== undefined }).toEqual({ path, documented: true });
      const schema = documented?.content?.["application/json"]?.schema;
      if (!schema) continue;
      const parsed = z.fromJSONSchema(schema as z.core.JSONSchema.JSONSchema).safeParse(await response.json());
      expect({ path, issues: parsed.error?.issues ?? [] }).toEqual({ path, issues: [] });
    }
  });
});
