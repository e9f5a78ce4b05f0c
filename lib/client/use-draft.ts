"use client";

import { useRef, useState } from "react";
import { useTypedBeforeHydration } from "./use-hydrated";

/**
 * A text box's draft over an applied value (a search, a filter): `[draft, setDraft, box]`, `box` the box's
 * ref. Text typed before the page's scripts ran is taken up as if just typed. When `value` changes from
 * elsewhere (reset, the back button, a clear) the draft follows it at once, during render, not in an effect:
 * the draft and the value never disagree for a render, so the old draft is never taken for fresh typing.
 */
export function useDraft(value: string) {
  const [draft, setDraft] = useState(value);
  const box = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(box, draft, setDraft);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(value);
  }
  return [draft, setDraft, box] as const;
}
