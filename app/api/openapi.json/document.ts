import { z } from "zod";
import { CSRF_COOKIE, CSRF_HEADER } from "@/lib/api/csrf";
import { RETRY_AFTER_SECONDS } from "@/lib/api/respond";
import { contractOf, type RouteContract } from "@/lib/api/route";
import * as a from "@/lib/openapi/answers";
import { WEBHOOK_MESSAGES } from "@/lib/openapi/webhook-answers";
import { type Answer, OPERATIONS, type Operation } from "./operations";

type JsonSchema = Record<string, unknown>;

/** A request schema as the caller writes it (before zod's transforms and defaults); a file field is binary. */
function requestSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === "custom" || zodSchema._zod.def.type === "file")
        Object.assign(jsonSchema, { type: "string", format: "binary" });
    },
  });
  return rest;
}

/** An answer's schema as the handler sends it. */
function answerSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" });
  return rest;
}

const PATH_PARAMETER = /\[\[?(?:\.\.\.)?([A-Za-z]+)\]?\]/g;

/** `/api/prizes/[id]/` → `/api/prizes/{id}/`; the catch-all `[[...path]]` becomes one `{path}`. */
function openApiPath(template: string): string {
  return template.replace(PATH_PARAMETER, (_, name: string) => `{${name}}`);
}

function parameters(operation: Operation, contract: RouteContract | undefined): JsonSchema[] {
  const inPath = [...operation.template.matchAll(PATH_PARAMETER)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (!contract?.query) return inPath;
  const query = requestSchema(contract.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return [...inPath, ...inQuery];
}

function response(answer: Answer): JsonSchema {
  const headers =
    answer.headers &&
    Object.fromEntries(Object.entries(answer.headers).map(([name, description]) => [name, { description, schema: { type: "string" } }]));
  const content = answer.schema
    ? { "application/json": { schema: answerSchema(answer.schema) } }
    : answer.contentType
      ? {
          [answer.contentType]: { schema: answer.contentType.includes("json") ? { type: "object" } : { type: "string", format: "binary" } },
        }
      : undefined;
  return { description: answer.description, ...(headers && { headers }), ...(content && { content }) };
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const said = (description: string): Answer => ({ description, schema: a.errorDetail });

/** The errors route() itself answers, from what the route declares (lib/api/route.ts, lib/api/respond.ts). */
function sharedErrors(operation: Operation, contract: RouteContract): Record<number, Answer> {
  const errors: Record<number, Answer> = {};
  if (contract.query || contract.body) errors[400] = { description: "Refused fields, each with its reasons", schema: a.fieldErrors };
  if (contract.access === "admin") errors[401] = said("Not signed in");
  if (contract.access === "admin" || UNSAFE.has(operation.method)) {
    errors[403] = said(
      contract.access === "admin" ? "The account's role may not, or the CSRF token is missing" : "The CSRF token is missing",
    );
  }
  if (PATH_PARAMETER.test(operation.template)) errors[404] = said("No such thing");
  PATH_PARAMETER.lastIndex = 0;
  if (contract.body) {
    errors[413] = said("The body is too large");
    errors[415] = said("The body is not in the format this route takes");
  }
  errors[500] = said("A fault in the app (logged)");
  errors[503] = {
    description: "The database is unreachable or busy: ask again after Retry-After seconds",
    schema: a.errorDetail,
    headers: { "Retry-After": `Seconds (${RETRY_AFTER_SECONDS})` },
  };
  return errors;
}

function operationObject(operation: Operation): JsonSchema {
  const contract = contractOf(operation.handler);
  const answers = { ...(contract && sharedErrors(operation, contract)), ...operation.answers };
  const body = contract?.body && {
    required: true,
    content: {
      [contract.bodyFormat === "multipart" ? "multipart/form-data" : "application/json"]: { schema: requestSchema(contract.body) },
    },
  };
  const roles = contract?.access === "admin" ? ` Roles: ${contract.roles?.join(", ")}.` : "";
  return {
    operationId: `${operation.method.toLowerCase()}${openApiPath(operation.template).replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string = "") => next.toUpperCase())}`,
    tags: [operation.tag],
    summary: operation.summary,
    ...(roles && { description: roles.trim() }),
    parameters: parameters(operation, contract),
    ...(body && { requestBody: body }),
    responses: Object.fromEntries(Object.entries(answers).map(([status, answer]) => [status, response(answer)])),
    security:
      contract?.access === "admin"
        ? [{ session: [], ...(UNSAFE.has(operation.method) && { csrf: [] }) }]
        : UNSAFE.has(operation.method)
          ? [{ csrf: [] }]
          : [],
  };
}

const SIGNATURE_HEADERS = {
  "webhook-id": "The message's id (msg_…): the same on every try; a receiver drops repeats by it",
  "webhook-timestamp": "Seconds since 1970 when this try was signed",
  "webhook-signature": "v1, then the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the receiver's secret after whsec_",
};

/** The messages a receiver is sent, as OpenAPI 3.1's `webhooks`: each a POST of `{type, timestamp, data}`. */
const WEBHOOKS: Record<string, JsonSchema> = Object.fromEntries(
  Object.entries(WEBHOOK_MESSAGES).map(([type, schema]) => [
    type,
    {
      post: {
        summary: `${type}, signed as Standard Webhooks says`,
        parameters: Object.entries(SIGNATURE_HEADERS).map(([name, description]) => ({
          name,
          in: "header",
          required: true,
          description,
          schema: { type: "string" },
        })),
        requestBody: { required: true, content: { "application/json": { schema: answerSchema(schema) } } },
        responses: { "2XX": { description: "Received: any 2xx ends the retries" } },
      },
    },
  ]),
);

/** The whole document, from the routes' own schemas and the answers' (built once: app/api/openapi.json/route.ts). */
export function buildOpenApiDocument(version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of OPERATIONS) {
    const path = openApiPath(operation.template);
    paths[path] = { ...paths[path], [operation.method.toLowerCase()]: operationObject(operation) };
  }
  return {
    openapi: "3.1.1",
    info: {
      title: "Prize giveaway API",
      version,
      description:
        "Every /api route, with and without the trailing slash. Errors are `{detail}` in the caller's language (cookie or Accept-Language), or refused fields `{field: [reasons]}`.",
    },
    paths,
    webhooks: WEBHOOKS,
    components: {
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "authjs.session-token",
          description: "The admin session, set by POST /api/admin/login/",
        },
        csrf: {
          type: "apiKey",
          in: "header",
          name: CSRF_HEADER,
          description: `Every unsafe call repeats the ${CSRF_COOKIE} cookie's value here`,
        },
      },
    },
  };
}
