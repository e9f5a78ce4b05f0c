"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { type ComponentProps, useState } from "react";
import { useForm } from "react-hook-form";
import { inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { ApiError, apiFetch } from "@/lib/client/api";
import { useHydrated } from "@/lib/client/use-hydrated";
import { useSaid } from "@/lib/client/use-said";
import { LOGIN_SUCCESSFUL, type LoginBody, loginBody } from "@/lib/validation/admin";

/** The login endpoint answers `{error}` in the reader's language (400 wrong credentials, 429 throttled); prefer that text. */
function loginErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && typeof error.body?.error === "string" && error.body.error) return error.body.error;
  return fallback;
}

/** The sign-in's fields in order: fixed ids, the room below each, and what the browser may fill in. */
const LOGIN_FIELDS = [
  {
    name: "name",
    id: "login-name",
    label: "id",
    spacing: "mb-5",
    input: { type: "text", autoComplete: "username", autoCapitalize: "none", autoCorrect: "off", spellCheck: false },
  },
  {
    name: "password",
    id: "login-password",
    label: "password",
    spacing: "mb-6",
    input: { type: "password", autoComplete: "current-password" },
  },
] as const;

/**
 * A required field of the sign-in form, its error wired to it. Not `Field`: the ids stay fixed (`#login-name`,
 * `#login-password`) and a sign-in shows no required marks.
 */
function LoginField({
  id,
  label,
  error,
  className,
  ...input
}: Omit<ComponentProps<"input">, "id" | "className"> & { id: string; label: string; error: string | undefined; className: string }) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass}
        {...input}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** `nextPath`: where to go once signed in (checked by the page with `safeNextPath`). */
export function LoginForm({ nextPath }: { nextPath: string }) {
  const t = useTranslations("admin.login");
  const said = useSaid();
  const [formError, setFormError] = useState<string | null>(null);
  // Stays true after success so the button cannot be pressed again while the dashboard loads.
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginBody), defaultValues: { name: "", password: "" } });

  const onSubmit = async ({ name, password }: LoginBody) => {
    setFormError(null);
    try {
      const response = await apiFetch<{ message?: unknown }>(
        "/api/admin/login/",
        { method: "POST", json: { name, password } },
        { redirectOn401: false },
      );
      if (response?.message !== LOGIN_SUCCESSFUL) {
        setFormError(t("unexpected"));
        return;
      }
      setRedirecting(true);
      window.location.assign(nextPath);
    } catch (error) {
      setFormError(loginErrorMessage(error, t("failed")));
    }
  };

  const pending = isSubmitting || redirecting;
  // Before React runs, a press would submit the form the browser's way: the password in the address bar
  // (a GET) or a page reload. So the button waits for hydration, and method="post" keeps a submit by the
  // Enter key in that moment out of the URL.
  const hydrated = useHydrated();

  return (
    <form method="post" onSubmit={handleSubmit(onSubmit)} noValidate>
      <FormAlert message={formError} className="mb-5" />

      {LOGIN_FIELDS.map(({ name, id, label, spacing, input }) => (
        <LoginField
          key={name}
          id={id}
          label={t(label)}
          error={said(errors[name]?.message)}
          className={spacing}
          {...input}
          {...register(name)}
        />
      ))}

      <button
        type="submit"
        disabled={pending || !hydrated}
        className="flex min-h-11 w-full items-center justify-center rounded-lg bg-primary-600 px-4 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-primary-700 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {pending ? t("signingIn") : t("signIn")}
      </button>
    </form>
  );
}
