import path from 'node:path';
import { findNginx } from '../../scripts/cluster-lib';
import { s3ServerMissing } from '../../tests/support/s3-server';

/*
 * Where the cluster of playwright.cluster.config.ts runs, and why it may not run at all. Read by the config
 * (which then starts no web server) and by every spec (which then skips with the same message).
 */

export const clusterPorts = {
  a: Number(process.env.CLUSTER_E2E_BASE_PORT ?? 3500),
  b: Number(process.env.CLUSTER_E2E_BASE_PORT ?? 3500) + 1,
  proxy: Number(process.env.CLUSTER_E2E_PROXY_PORT ?? 8500),
};

/**
 * The fault journeys' own clusters (faults.spec.ts): instances from basePort, nginx on proxyPort. With
 * CLUSTER_E2E_FAULTS_PORT=P they move to P, P+5 (the rush) and P+10, P+15 (the slow mail server).
 */
const faultsPort = process.env.CLUSTER_E2E_FAULTS_PORT ? Number(process.env.CLUSTER_E2E_FAULTS_PORT) : null;
export const faultClusterPorts = {
  rush:
    faultsPort === null
      ? { basePort: 3540, proxyPort: 8540 }
      : { basePort: faultsPort, proxyPort: faultsPort + 5 },
  mail:
    faultsPort === null
      ? { basePort: 3550, proxyPort: 8550 }
      : { basePort: faultsPort + 10, proxyPort: faultsPort + 15 },
};

/**
 * The instances' S3 server (scripts/cluster-e2e.ts starts it before them, so N instances share one bucket
 * as docs/deploy.md asks): its port, bucket and the folder it keeps objects in, which the upload journeys
 * look into. Null `missing` when its package is installed.
 */
export const clusterS3 = {
  port: Number(process.env.CLUSTER_E2E_S3_PORT ?? 9600),
  bucket: 'festival-uploads',
  directory: path.join('.data', 'cluster-e2e', 's3'),
  missing: s3ServerMissing(),
};
export const clusterS3Endpoint = `http://127.0.0.1:${clusterS3.port}`;

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
