import { spawnSync } from 'node:child_process';

/**
 * The first of `candidates` (a path or a name on the PATH; unset ones skipped) that runs and exits 0 with
 * `versionArgs`, or null when none does: how the tests and drills find the servers and tools they need
 * (nginx, Prometheus, promtool, pgBackRest, pg_autoctl) and say which is missing.
 */
export function findTool(
  candidates: (string | undefined)[],
  versionArgs: string[] = ['--version'],
): string | null {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const probe = spawnSync(candidate, versionArgs, { stdio: 'ignore' });
    if (!probe.error && probe.status === 0) return candidate;
  }
  return null;
}
