import { type ReactNode, useId } from "react";

/** The one input style: 44 px tall, red border when invalid. For input, textarea and select alike. */
export const inputClass =
  "block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs focus:border-primary-600 focus-visible:outline-offset-0 aria-[invalid=true]:border-red-600 disabled:bg-slate-50 sm:text-sm";

/** What `Field` hands its control so label, hint and error are wired to it. */
export type FieldControlProps = {
  id: string;
  className: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
  "aria-describedby"?: string;
};

/**
 * A labelled form control with an optional hint and error. The control comes from `children`, given the id,
 * the input class and the aria attributes: `<Field label="Name">{(p) => <input {...p} {...register("name")} />}</Field>`.
 */
export function Field({
  label,
  hint,
  error,
  required = false,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children({
        id,
        className: inputClass,
        "aria-invalid": error ? true : undefined,
        "aria-required": required ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
