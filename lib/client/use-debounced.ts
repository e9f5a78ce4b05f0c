"use client";

import { useEffect, useRef, useState } from "react";
import { useTypedBeforeHydration } from "./use-hydrated";

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
 * once typing pauses for `delayMs`. When `value` changes from elsewhere (reset, the back button) the box
 * follows it at once, and a pause pending with the old text applies nothing. The third item is the box's
 * ref: text typed before the page's scripts ran is taken up (and applied after the pause) as if just typed.
 */
export function useDebouncedDraft(value: string, apply: (draft: string) => void, delayMs: number) {
  const [draft, setDraft] = useState(value);
  const box = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(box, draft, setDraft);
  // Followed during render, not in an effect: the draft and the value never disagree for a render, so the
  // old draft is never taken for fresh typing.
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(value);
  }
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
