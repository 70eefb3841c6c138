// What every benchmark needs to say how and on what it ran: its command-line options, the commit and the
// production build it measured.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

/** The value of `--name=value` among `args` (the value may itself hold '='), or undefined. */
export function optionOf(args: readonly string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  return args.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

/**
 * A whole-number option above 0 (`--name=N`), or `fallback` when absent; anything else stops the script,
 * naming the option (`tool` is the npm script, as the message says it).
 */
export function wholeOption(args: readonly string[], tool: string, name: string, fallback: number): number {
  const value = Number(optionOf(args, name) ?? fallback);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${tool}: --${name} must be a positive whole number`);
    process.exit(1);
  }
  return value;
}

/** The short hash of the checked-out commit, or 'unknown' outside a git checkout. */
export function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** The id of the production build in .next, or 'unknown' when there is none. */
export function productionBuildId(): string {
  return fs.existsSync('.next/BUILD_ID') ? fs.readFileSync('.next/BUILD_ID', 'utf8').trim() : 'unknown';
}
