import client from 'prom-client';
import { lentAppPool } from '@/lib/server/db/app-pool';
import type { FestivalMetrics } from './registry';

/**
 * The PostgreSQL pool's use and waits, from the driver's own queues (scripts/patch-postgres-driver.mjs adds
 * `poolState()` to postgres.js). Nothing is reported on the embedded database, which has no pool.
 */

/** What the mended driver answers (see the patch script). */
export interface PoolState {
  max: number;
  idle: number;
  busy: number;
  full: number;
  reserved: number;
  connecting: number;
  unopened: number;
  waiting: number;
  waits: number;
}

type WithPoolState = { poolState?: () => PoolState };

/** The app pool's state now, or null without one (PGlite, or a driver without the mend). */
export function appPoolState(): PoolState | null {
  const pool = lentAppPool() as WithPoolState | undefined;
  return typeof pool?.poolState === 'function' ? pool.poolState() : null;
}

const connectionStates = ['idle', 'busy', 'full', 'reserved', 'connecting', 'unopened'] as const;

/** Registers the pool's gauges on the process's registry (once, from registry.ts's maker). */
export function registerPoolMetrics(registry: FestivalMetrics['registry']): void {
  new client.Gauge({
    name: 'festival_db_pool_connections',
    help:
      "The database pool's connections by state: idle, busy (running statements, may take more), full, " +
      'reserved (by a transaction), connecting, unopened.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const state = appPoolState();
      if (!state) return;
      for (const name of connectionStates) this.labels(name).set(state[name]);
    },
  });
  new client.Gauge({
    name: 'festival_db_pool_max',
    help: 'The most connections this process may open (DATABASE_POOL_MAX; 0 on the embedded database).',
    registers: [registry],
    collect() {
      const state = appPoolState();
      if (state) this.set(state.max);
    },
  });
  new client.Gauge({
    name: 'festival_db_pool_waiting',
    help: 'Statements waiting now for a connection of the pool (every connection busy or opening).',
    registers: [registry],
    collect() {
      const state = appPoolState();
      if (state) this.set(state.waiting);
    },
  });
  let counted = 0;
  new client.Counter({
    name: 'festival_db_pool_waits_total',
    help: 'Statements that have had to wait for a connection since this process opened its pool.',
    registers: [registry],
    collect() {
      const state = appPoolState();
      if (!state) return;
      // A reopened pool starts again from 0: count its waits from there.
      const added = state.waits >= counted ? state.waits - counted : state.waits;
      counted = state.waits;
      this.inc(added);
    },
  });
}
