/**
 * Runs `work` on each item, at most `limit` at once, and answers the failures (it never
 * rejects). Once `stopAfter` accepts a failure, no further item starts.
 */
export async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
  stopAfter: (failure: unknown) => boolean = () => false,
): Promise<unknown[]> {
  const failures: unknown[] = [];
  let next = 0;
  let stop = false;
  const worker = async () => {
    while (!stop && next < items.length) {
      const index = next++;
      try {
        await work(items[index], index);
      } catch (error) {
        failures.push(error);
        if (stopAfter(error)) stop = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return failures;
}
