"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { ScreenHeader } from "@/components/admin/screen-header";
import { CSRF_COOKIE, CSRF_HEADER } from "@/lib/api/csrf";
import { readCookie } from "@/lib/client/api";
import "./swagger-ui-contrast.css";

const OPENAPI_PATH = "/api/openapi.json";
/** swagger-ui-dist's files, served by the app (app/vendor/swagger-ui): no CDN, and the CSP's 'self' admits them. */
const SCRIPT = "/vendor/swagger-ui/swagger-ui-bundle.js";
const STYLESHEET = "/vendor/swagger-ui/swagger-ui.css";

type SwaggerRequest = { url: string; headers: Record<string, string> };
type SwaggerUIBundle = (options: {
  url: string;
  domNode: HTMLElement;
  deepLinking: boolean;
  requestInterceptor: (request: SwaggerRequest) => SwaggerRequest;
}) => unknown;

function loadScript(): Promise<SwaggerUIBundle> {
  const loaded = (window as { SwaggerUIBundle?: SwaggerUIBundle }).SwaggerUIBundle;
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT;
    script.onload = () => resolve((window as { SwaggerUIBundle?: SwaggerUIBundle }).SwaggerUIBundle!);
    script.onerror = reject;
    document.head.append(script);
  });
}

/** "Try it out" on an unsafe route repeats the CSRF cookie in its header, as the admin screens do. */
function withCsrf(request: SwaggerRequest): SwaggerRequest {
  const token = readCookie(CSRF_COOKIE);
  if (token && new URL(request.url, window.location.href).origin === window.location.origin) request.headers[CSRF_HEADER] = token;
  return request;
}

/** /admin/api: the API's OpenAPI document (GET /api/openapi.json) rendered by swagger-ui. */
export function ApiScreen() {
  const t = useTranslations("admin.api");
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let cancelled = false;
    loadScript()
      .then((SwaggerUI) => {
        if (cancelled || !container.current) return;
        SwaggerUI({ url: OPENAPI_PATH, domNode: container.current, deepLinking: false, requestInterceptor: withCsrf });
        setState("ready");
      })
      .catch(() => !cancelled && setState("failed"));
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <div>
      <link rel="stylesheet" href={STYLESHEET} precedence="default" />
      <ScreenHeader title={t("title")} description={t("description", { path: OPENAPI_PATH })} />
      {state === "loading" && <p className="text-sm text-slate-600">{t("loading")}</p>}
      {state === "failed" && (
        <p role="alert" className="text-sm text-red-700">
          {t("failed")}
        </p>
      )}
      <div ref={container} className="api-docs rounded-lg bg-white" />
    </div>
  );
}
