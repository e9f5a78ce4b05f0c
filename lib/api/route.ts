import type { NextRequest } from "next/server";
import { z } from "zod";
import { getAdminSession } from "@/lib/auth/session";
import { db, organiserDb } from "@/lib/database";
import { AppError, notFound, type Said, ValidationError } from "@/lib/errors";
import { defaultEventId } from "@/lib/event/time-zone";
import { localeOfRequest } from "@/lib/i18n/request-locale";
import type { AdminIdentity, ServiceContext } from "@/lib/services/context";
import type { Locale } from "@/shared/i18n/locales";
import { text } from "@/shared/i18n/text";
import { type RoleSet, roleCannot } from "@/shared/roles";
import { type BodyFormat, type BodyLimits, DEFAULT_MAX_BODY_BYTES, readBody } from "./body";
import { clientAddress } from "./client-address";
import { CSRF_COOKIE, CSRF_HEADER, csrfTokensMatch, SAFE_METHODS } from "./csrf";
import { EVENT_PARAMETER, eventOfAdminCall } from "./event-scope";
import { errorResponse, json } from "./respond";
import { assertPlainInput, toFieldErrors, zodErrorsIn } from "./zod-errors";

type Schema = z.ZodType;
type Parsed<S> = S extends Schema ? z.infer<S> : undefined;

/**
 * "admin" needs a live admin session (401 otherwise) whose role is in `roles` (403 otherwise): every admin
 * route must say which roles it admits, one of the sets in shared/roles.ts. "public" is open to visitors.
 */
type Access = { access: "admin"; roles: RoleSet } | { access: "public"; roles?: never };

type RouteOptions<Q extends Schema | undefined, B extends Schema | undefined> = Access & {
  query?: Q;
  body?: B;
  bodyFormat?: BodyFormat;
  maxBodyBytes?: number;
  tooLargeMessage?: Said;
  /**
   * The answer to an unsafe call that carries no `csrftoken` cookie at all, in place of the CSRF refusal
   * (403): the visitor's tap made before the page's first state call handed out the cookies (the product
   * page's HTML sets none). The proxy adds the cookies to whatever this answers. Never for a cookie that
   * is there but does not match the header: that stays a 403.
   */
  beforeCookies?: (request: NextRequest, locale: Locale) => Response;
};

/**
 * What a route takes and who may call it, kept on its handler (`contractOf`) so that the API's OpenAPI
 * document (app/api/openapi.json) reads the very schemas the handler parses.
 */
export type RouteContract = {
  access: "admin" | "public";
  roles?: RoleSet;
  query?: Schema;
  body?: Schema;
  bodyFormat: BodyFormat;
};

const CONTRACT = Symbol("route contract");

/** The contract of a handler made by `route()`; undefined for anything else (e.g. `noSuchRoute`). */
export function contractOf(handler: unknown): RouteContract | undefined {
  return (handler as { [CONTRACT]?: RouteContract } | undefined)?.[CONTRACT];
}

/** Path parameters, e.g. `{ id: "12" }` for `/api/prizes/[id]`; parse them with lib/api/params.ts. */
type PathParams = Record<string, string | undefined>;

type HandlerArgs<Q, B, A> = {
  request: NextRequest;
  /**
   * The caller's language (shared/i18n/locales.ts: the language cookie, else Accept-Language, else
   * DEFAULT_LOCALE), worked out once here: handlers take it from here, never from the request again.
   */
  locale: Locale;
  params: PathParams;
  query: Q;
  body: B;
  ctx: Omit<ServiceContext, "admin"> & { admin: A };
};

/** What a handler may return: a ready Response, or a body to send as JSON with 200. */
type HandlerResult = Response | object;

type AdminOf<O> = O extends { access: "admin" } ? AdminIdentity : null;

/**
 * The fields a form route takes: its body schema's keys (lib/api/form.ts refuses any other as it arrives).
 * Checked when the route is defined, so a form route without an object schema fails at build, not per call.
 */
function formFieldsOf(options: { body?: Schema; bodyFormat?: BodyFormat }): ReadonlySet<string> | undefined {
  if (options.bodyFormat !== "multipart") return undefined;
  if (!(options.body instanceof z.ZodObject))
    throw new Error("A multipart route needs a z.object body schema: its keys are the form's fields.");
  return new Set(Object.keys(options.body.shape));
}

function parseWith<S extends Schema | undefined>(schema: S, value: unknown, locale: Locale): Parsed<S> {
  if (!schema) return undefined as Parsed<S>;
  assertPlainInput(value);
  const result = schema.safeParse(value, zodErrorsIn(locale));
  if (!result.success) throw new ValidationError(toFieldErrors(result.error));
  return result.data as Parsed<S>;
}

/**
 * The one wrapper every /api handler goes through, in this order: CSRF for unsafe methods (403), the admin
 * session (401), the account's role (403), the call's event (lib/api/event-scope.ts: 403 for an event the
 * account may not act on, 404 for none), query and body parsed by zod (400 in the DRF shape), the handler
 * (given the caller's language, `locale`), and any thrown error turned into a response by lib/api/respond.ts.
 * Handlers stay thin: parse, call one service, return.
 */
export function route<
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  O extends RouteOptions<Q, B> = RouteOptions<Q, B>,
>(options: O & RouteOptions<Q, B>, handler: (args: HandlerArgs<Parsed<Q>, Parsed<B>, AdminOf<O>>) => Promise<HandlerResult>) {
  const bodyLimits = {
    format: options.bodyFormat ?? "json",
    maxBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    tooLargeMessage: options.tooLargeMessage ?? text("errors.bodyTooLarge"),
    formFields: formFieldsOf(options),
  } satisfies BodyLimits;
  const handle = async (request: NextRequest, context: { params: Promise<PathParams> }): Promise<Response> => {
    // Worked out once, for the handler and for any error's answer alike.
    const locale = localeOfRequest(request);
    try {
      if (!SAFE_METHODS.has(request.method)) {
        const cookie = request.cookies.get(CSRF_COOKIE)?.value;
        if (cookie === undefined && options.beforeCookies) return options.beforeCookies(request, locale);
        if (!csrfTokensMatch(cookie, request.headers.get(CSRF_HEADER))) {
          throw new AppError("forbidden", text("errors.csrf"));
        }
      }
      let admin: AdminIdentity | null = null;
      const parameters = Object.fromEntries(request.nextUrl.searchParams);
      let eventId = defaultEventId();
      if (options.access === "admin") {
        admin = await getAdminSession();
        if (!admin) throw new AppError("unauthorized", text("errors.signedOut"));
        // Checked before the body is read or anything is looked up: a refused role learns nothing and changes nothing.
        if (!options.roles.includes(admin.role)) throw new AppError("forbidden", roleCannot(admin.role));
        eventId = await eventOfAdminCall(organiserDb(), admin, parameters[EVENT_PARAMETER] ?? null);
        // Any admin URL may name its event: the route's own query schema never sees it.
        delete parameters[EVENT_PARAMETER];
      }
      const query = parseWith(options.query as Q, parameters, locale);
      const rawBody = options.body ? await readBody(request, bodyLimits) : undefined;
      const body = parseWith(options.body as B, rawBody, locale);
      const result = await handler({
        request,
        locale,
        params: await context.params,
        query,
        body,
        ctx: {
          db: options.access === "admin" ? organiserDb() : db(),
          eventId,
          admin: admin as AdminOf<O>,
          address: clientAddress(request),
        },
      });
      return result instanceof Response ? result : json(result);
    } catch (error) {
      return errorResponse(error, request, locale);
    }
  };
  const contract: RouteContract = {
    access: options.access,
    roles: options.roles,
    query: options.query,
    body: options.body,
    bodyFormat: bodyLimits.format,
  };
  // Not enumerable: Next.js checks a route module's exports, never a handler's own properties.
  Object.defineProperty(handle, CONTRACT, { value: contract, enumerable: false });
  return handle;
}

/**
 * What an /api path no route answers gets (app/api/[[...path]]): the API's one not-found, 404 `{detail}` in
 * the caller's language like any other, for every method and before any CSRF check (nothing is there to guard).
 */
export async function noSuchRoute(request: NextRequest): Promise<Response> {
  return errorResponse(notFound(), request, localeOfRequest(request));
}
