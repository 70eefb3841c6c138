/**
 * Whether this instance has finished starting (configuration checked, database migrated, jobs started):
 * until then it is alive but not ready, and takes no traffic (GET /api/ready, starting-gate.ts). Kept on
 * globalThis, because instrumentation.ts and the route bundles each load their own copy of this module.
 * No 'server-only' import: instrumentation.ts loads it through the starting gate.
 */
interface Readiness {
  started: boolean;
}

const key = Symbol.for('festival.readiness');
const holder = globalThis as typeof globalThis & { [key]?: Readiness };

function state(): Readiness {
  holder[key] ??= { started: false };
  return holder[key];
}

/** Said once by startServer when the start is over. */
export function markStarted(): void {
  state().started = true;
}

export function hasStarted(): boolean {
  return state().started;
}

/** For tests: back to a server that is still starting. */
export function markStartingForTests(): void {
  state().started = false;
}
