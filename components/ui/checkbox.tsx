"use client";

import { type InputHTMLAttributes, useEffect, useRef } from "react";

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
