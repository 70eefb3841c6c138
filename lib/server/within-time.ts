/**
 * `work`'s result, or a rejection ("no answer within N ms") once `ms` have passed: for waits that must be
 * bounded even when what is awaited ignores an abort signal (a database that hangs, the in-process
 * payment sandbox). The timer is cleared either way.
 */
export function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
