"use client";

import { useEffect, useRef, useState } from "react";
import { useDraft } from "./use-draft";

/** The app's one debounce: `value` once it has not changed for `delayMs` (a search sent after a pause in typing). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A text box over an applied value (a filter in the URL): `[draft, setDraft]` for the box, and `apply(draft)`
 * once typing pauses for `delayMs`; the draft is a `useDraft` (it follows `value`, takes up early typing),
 * and a pause pending with the old text applies nothing. The third item is the box's ref.
 */
export function useDebouncedDraft(value: string, apply: (draft: string) => void, delayMs: number) {
  const [draft, setDraft, box] = useDraft(value);
  const settled = useDebouncedValue(draft, delayMs);
  const latestApply = useRef(apply);
  useEffect(() => {
    latestApply.current = apply;
  });
  useEffect(() => {
    if (settled === draft && settled !== value) latestApply.current(settled);
  }, [settled, draft, value]);
  return [draft, setDraft, box] as const;
}
