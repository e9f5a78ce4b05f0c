"use client";

import { type InputHTMLAttributes, useEffect, useRef } from "react";

/** A native checkbox that can also show the "some selected" state (select-all headers). */
export function Checkbox({
  indeterminate = false,
  className = "",
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={ref} type="checkbox" className={`size-5 rounded border-slate-300 accent-indigo-600 ${className}`} {...props} />;
}
