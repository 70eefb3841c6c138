/**
 * Whether `error` is Node's own for a request whose client went away before its body had arrived (the
 * tab closed, the phone lost its link): "aborted", with ECONNRESET as its code. A database connection that
 * is reset fails with the same code but another message ("read ECONNRESET", postgres.js's own), and stays
 * a database outage (isDatabaseUnavailable); this one is nobody's fault and nobody reads its answer.
 */
export function abortedByClient(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.message === 'aborted' &&
    (error as { code?: unknown }).code === 'ECONNRESET'
  );
}
