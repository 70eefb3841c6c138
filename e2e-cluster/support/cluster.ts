import { findNginx } from '../../scripts/cluster-lib';

/*
 * Where the cluster of playwright.cluster.config.ts runs, and why it may not run at all. Read by the config
 * (which then starts no web server) and by every spec (which then skips with the same message).
 */

export const clusterPorts = {
  a: Number(process.env.CLUSTER_E2E_BASE_PORT ?? 3500),
  b: Number(process.env.CLUSTER_E2E_BASE_PORT ?? 3500) + 1,
  proxy: Number(process.env.CLUSTER_E2E_PROXY_PORT ?? 8500),
};

/** Where the metrics journey's Prometheus listens. */
export const prometheusPort = Number(process.env.CLUSTER_E2E_PROMETHEUS_PORT ?? 9590);
/** The instances' METRICS_TOKEN (playwright.cluster.config.ts), which that Prometheus sends. */
export const clusterMetricsToken = 'cluster-e2e-metrics-token-long-enough';

export const instanceA = `http://localhost:${clusterPorts.a}`;
export const instanceB = `http://localhost:${clusterPorts.b}`;
export const proxyUrl = `http://localhost:${clusterPorts.proxy}`;

function reason(): string | null {
  if (!process.env.TEST_DATABASE_URL) {
    return 'the cluster journeys need TEST_DATABASE_URL (a PostgreSQL server shared by both instances)';
  }
  if (!findNginx()) return 'the cluster journeys need nginx (apt-get install nginx-light)';
  return null;
}

/** Null when the cluster can run; otherwise why every cluster journey is skipped. */
export const clusterSkipReason = reason();
