import { request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { clusterSkipReason, instanceA, instanceB } from './cluster';

/*
 * API clients bound to one instance each (bypassing nginx), for the journeys that must cross instances.
 * Every spec skips itself when the cluster cannot run (clusterSkipReason).
 */

export function skipWithoutCluster(): void {
  test.skip(clusterSkipReason !== null, clusterSkipReason ?? '');
}

export interface Instances {
  a: APIRequestContext;
  b: APIRequestContext;
}

export async function openInstances(): Promise<Instances> {
  return {
    a: await playwrightRequest.newContext({ baseURL: instanceA }),
    b: await playwrightRequest.newContext({ baseURL: instanceB }),
  };
}

export async function closeInstances(instances: Instances | undefined): Promise<void> {
  await instances?.a.dispose();
  await instances?.b.dispose();
}

/** A client address of its own for each call chain, so the per-IP limits of one run never add up. */
export function clientAddress(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}
