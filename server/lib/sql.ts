/** An ILIKE pattern matching text anywhere, with the user's `%`, `_` and `\` taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A Postgres unique violation (code 23505), as drizzle wraps it in its cause. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? (error as { code?: string });
  return cause?.code === '23505';
}

/** Runs a write whose unique violation means a name is taken: that answers `taken()` instead. */
export async function refuseTaken<T>(write: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw isUniqueViolation(error) ? taken() : error;
  }
}
