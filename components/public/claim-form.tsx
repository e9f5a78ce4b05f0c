"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { fill } from "@/lib/i18n/fill";
import { CLAIM_MESSAGES, type ClaimBody, claimBody, NICKNAME_MAX } from "@/lib/validation/claim";
import type { ClaimDraft } from "./claim-draft";
import type { VisitorWords } from "./visitor-words";

type ClaimInput = z.input<typeof claimBody>;
type Field = keyof ClaimInput;

/** What the container reports back when the server refused the values (400 field errors). */
export type ClaimFieldErrors = Partial<Record<Field, string>>;

type ClaimFormProps = {
  /** Does the call; resolves with field errors to show, or nothing when the flow moved on. */
  onSubmit: (values: ClaimBody) => Promise<ClaimFieldErrors | undefined>;
  onCancel: () => void;
  /** A message about the last attempt as a whole (e.g. the network dropped); shown above the buttons. */
  formError?: string;
  words: VisitorWords["claim"];
  /** With the organiser's `consent_required`: the two boxes' words (server-behaviour.md, "Privacy"). */
  consent?: VisitorWords["privacy"];
  /** Where the consent box's "read the notice" link goes: the notice, with its way back to this page. */
  noticeHref?: string;
  /** What was typed during this hold before a reload (claim-draft.ts); the form starts with it. */
  draft?: ClaimDraft | null;
  /** Told of every change to the nickname and code, so a reload can bring them back. */
  onDraft?: (draft: ClaimDraft) => void;
};

const baseResolver = zodResolver(claimBody);

/**
 * The schema's checks, then, when consent is asked, the two boxes: both must be ticked. Every error shows
 * at once (the boxes are checked even when the nickname is wrong too).
 */
function withConsent(asked: boolean): Resolver<ClaimInput, unknown, ClaimBody> {
  return async (values, context, options) => {
    const result = await baseResolver(values, context, options);
    if (!asked) return result;
    const errors: Record<string, { type: string; message: string }> = {
      ...(result.errors as Record<string, { type: string; message: string }>),
    };
    if (values.consent !== true) errors.consent = { type: "required", message: CLAIM_MESSAGES.consentRequired };
    if (values.age_confirmed !== true) errors.age_confirmed = { type: "required", message: CLAIM_MESSAGES.ageRequired };
    if (Object.keys(errors).length === 0) return result;
    return { values: {}, errors } as Awaited<ReturnType<Resolver<ClaimInput, unknown, ClaimBody>>>;
  };
}

/**
 * A field error in the visitor's language: the schema's own (a key of messages/*.json, whose last part
 * names it in `words.errors`), or the server's, which arrives already said in it.
 */
function sayError(message: string | undefined, errors: VisitorWords["claim"]["errors"]): string | undefined {
  const name = message?.startsWith("visitor.claim.errors.") ? message.slice("visitor.claim.errors.".length) : undefined;
  return name && Object.hasOwn(errors, name) ? errors[name as keyof typeof errors] : message;
}

/**
 * Nickname and 4-digit password, checked with the same zod schema as the server (spec §5 messages).
 * Errors appear on submit and disappear as soon as the visitor edits that field, as the spec asks,
 * rather than re-validating on every keystroke (a half-typed password would keep shouting).
 */
export function ClaimForm({ onSubmit, onCancel, formError, words, consent, noticeHref = "/privacy", draft, onDraft }: ClaimFormProps) {
  const ids = {
    name: useId(),
    password: useId(),
    nameHint: useId(),
    passwordHint: useId(),
    nameError: useId(),
    passwordError: useId(),
    consentError: useId(),
    ageError: useId(),
  };
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ClaimInput, unknown, ClaimBody>({
    resolver: withConsent(consent !== undefined),
    defaultValues: {
      name: draft?.name ?? "",
      password: draft?.password ?? "",
      ...(consent ? { consent: false, age_confirmed: false } : {}),
    },
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    shouldFocusError: true,
  });

  // The form may arrive after its modal opened (it is loaded on demand): take the focus then.
  useEffect(() => setFocus("name"), [setFocus]);

  useEffect(() => {
    if (!onDraft) return;
    const watching = watch((values) => onDraft({ name: values.name ?? "", password: values.password ?? "" }));
    return () => watching.unsubscribe();
  }, [watch, onDraft]);

  const submit = handleSubmit(async (values) => {
    const serverErrors = await onSubmit(values);
    if (!serverErrors) return;
    let first = true;
    for (const field of ["name", "password", "consent", "age_confirmed"] as const) {
      const message = serverErrors[field];
      if (message) {
        setError(field, { type: "server", message }, { shouldFocus: first });
        first = false;
      }
    }
  });

  const describedBy = (field: Field) =>
    [field === "name" ? ids.nameHint : ids.passwordHint, errors[field] ? (field === "name" ? ids.nameError : ids.passwordError) : ""]
      .filter(Boolean)
      .join(" ");

  const inputClass = (field: Field) =>
    `block h-14 w-full rounded-xl border-2 bg-white px-4 text-lg text-slate-900 placeholder:text-slate-400 focus:outline-none focus-visible:outline-none focus:ring-4 ${
      errors[field] ? "border-red-600 focus:ring-red-200" : "border-slate-400 focus:border-primary-600 focus:ring-primary-200"
    }`;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor={ids.name} className="block text-base font-semibold text-slate-900">
          {words.nickname}
        </label>
        <p id={ids.nameHint} className="mt-0.5 text-sm text-slate-600">
          {fill(words.nicknameHint, { max: NICKNAME_MAX })}
        </p>
        <input
          id={ids.name}
          type="text"
          autoComplete="nickname"
          autoCapitalize="none"
          enterKeyHint="next"
          data-autofocus
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy("name")}
          className={`mt-2 ${inputClass("name")}`}
          {...register("name", { onChange: () => clearErrors("name") })}
        />
        {errors.name?.message && (
          <p id={ids.nameError} className="mt-1.5 text-sm font-semibold text-red-700">
            {sayError(errors.name.message, words.errors)}
          </p>
        )}
      </div>

      <div>
        <label htmlFor={ids.password} className="block text-base font-semibold text-slate-900">
          {words.password}
        </label>
        <p id={ids.passwordHint} className="mt-0.5 text-sm text-slate-600">
          {words.passwordHint}
        </p>
        <div className="relative mt-2">
          <input
            id={ids.password}
            type={showPassword ? "text" : "password"}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            enterKeyHint="done"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={describedBy("password")}
            className={`${inputClass("password")} pr-20 tracking-[0.3em]`}
            {...register("password", { onChange: () => clearErrors("password") })}
          />
          <button
            type="button"
            onClick={() => setShowPassword((shown) => !shown)}
            aria-pressed={showPassword}
            aria-controls={ids.password}
            aria-label={showPassword ? words.hidePassword : words.showPassword}
            className="absolute inset-y-1 right-1 min-w-16 rounded-lg px-3 text-sm font-semibold text-primary-700 hover:bg-primary-50"
          >
            {showPassword ? words.hide : words.show}
          </button>
        </div>
        {errors.password?.message && (
          <p id={ids.passwordError} className="mt-1.5 text-sm font-semibold text-red-700">
            {sayError(errors.password.message, words.errors)}
          </p>
        )}
      </div>

      {consent && (
        // Apart from everything else (PIPA's consent box): its own frame, both boxes unticked to start.
        <fieldset className="space-y-3 rounded-xl border-2 border-slate-300 px-3 pt-1 pb-3">
          <legend className="px-1 text-base font-semibold text-slate-900">{consent.legend}</legend>
          {(
            [
              ["consent", consent.agree, ids.consentError],
              ["age_confirmed", consent.age, ids.ageError],
            ] as const
          ).map(([field, label, errorId]) => (
            <div key={field}>
              <label className="flex min-h-11 cursor-pointer items-start gap-3 text-base text-slate-900">
                <input
                  type="checkbox"
                  className="mt-0.5 size-6 shrink-0 rounded accent-primary-600"
                  aria-invalid={errors[field] ? true : undefined}
                  aria-describedby={errors[field] ? errorId : undefined}
                  {...register(field, { onChange: () => clearErrors(field) })}
                />
                <span>{label}</span>
              </label>
              {errors[field]?.message && (
                <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
                  {sayError(errors[field]?.message, words.errors)}
                </p>
              )}
            </div>
          ))}
          {/* A new tab: the hold and what was typed stay here. */}
          <a
            href={noticeHref}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center text-base font-semibold text-primary-700 underline underline-offset-2"
          >
            {consent.readNotice}
          </a>
        </fieldset>
      )}

      {formError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
          {formError}
        </p>
      )}

      {/* With the phone's keyboard up the sheet is short and scrolls: the buttons stay in view at its foot,
          side by side (the modal body pads by 1rem, hence the negative margins). */}
      <div className="sticky -bottom-4 -mx-5 grid grid-cols-[auto_1fr] gap-3 bg-white px-5 pt-2 pb-4 sm:static sm:mx-0 sm:flex sm:justify-end sm:p-0 sm:pt-1">
        <button
          type="button"
          onClick={onCancel}
          disabled={isSubmitting}
          className="h-14 rounded-xl border-2 border-slate-300 bg-white px-6 text-base font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50 sm:h-12"
        >
          {words.cancel}
        </button>
        <button
          type="submit"
          disabled={isSubmitting}
          aria-busy={isSubmitting || undefined}
          className="h-14 rounded-xl bg-prize-700 px-6 text-lg font-bold text-white shadow-sm hover:bg-prize-800 disabled:opacity-60 sm:h-12 sm:text-base"
        >
          {isSubmitting ? words.submitting : words.submit}
        </button>
      </div>
    </form>
  );
}
