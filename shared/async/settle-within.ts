export type SettledWithin<T> = { settled: true; value: T } | { settled: false };

/**
 * Waits for `promise` at most `ms`: its value if it settled in time ({settled: false} if not), and its
 * rejection if it failed in time. The caller keeps `promise` and can still await it afterwards.
 */
export async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<SettledWithin<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<SettledWithin<T>>((resolve) => {
    timer = setTimeout(() => resolve({ settled: false }), ms);
  });
  try {
    return await Promise.race([promise.then((value) => ({ settled: true as const, value })), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
