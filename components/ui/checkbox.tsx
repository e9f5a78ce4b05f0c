"use client";

import { type ComponentProps, type InputHTMLAttributes, type ReactNode, useEffect, useRef } from "react";

/**
 * A native checkbox that can also show the "some selected" state (select-all headers). `touchTarget` puts
 * the 20 px box in a 44 px clickable area (tables on phones) without taking more room in the layout.
 */
export function Checkbox({
  indeterminate = false,
  touchTarget = false,
  className = "",
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { indeterminate?: boolean; touchTarget?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const box = <input ref={ref} type="checkbox" className={`size-5 rounded border-slate-300 accent-primary-600 ${className}`} {...props} />;
  if (!touchTarget) return box;
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `box`, a native checkbox, inside the label.
    <label className="-m-3 inline-flex size-11 cursor-pointer items-center justify-center">{box}</label>
  );
}

/**
 * A form's yes/no setting: the check box, its label and a line saying what it does, the whole row clickable
 * (at least 44 px high). `className` adds to the row (a border, in a form of boxed fields).
 */
export function CheckboxWithHint({
  label,
  hint,
  className = "",
  ...input
}: Omit<ComponentProps<"input">, "type"> & { label: ReactNode; hint: ReactNode }) {
  return (
    <label className={`flex min-h-11 cursor-pointer items-start gap-3 ${className}`}>
      <input type="checkbox" className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-primary-600" {...input} />
      <span>
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        <span className="block text-sm text-slate-600">{hint}</span>
      </span>
    </label>
  );
}
