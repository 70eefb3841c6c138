import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findTool } from '../../scripts/find-tool';

/*
 * A real Prometheus (Debian's package) for the cluster journeys: it scrapes each instance's /api/metrics
 * every second with the cluster's metrics token and evaluates the repository's alert rules
 * (deploy/prometheus/alerts.yml), so a journey can ask it, through its HTTP API, what it has stored.
 */

export function findPrometheus(): string | null {
  return findTool([process.env.PROMETHEUS_PATH, 'prometheus', '/usr/bin/prometheus']);
}

export interface RunningPrometheus {
  url: string;
  /** The value of an instant query's first result, or null when it has none. */
  query(expression: string): Promise<number | null>;
  /** The alert rules Prometheus has loaded. */
  ruleNames(): Promise<string[]>;
  stop(): Promise<void>;
}

/** Starts Prometheus on `port`, scraping `targets` (host:port) with `token`; resolves once it is ready. */
export async function startPrometheus(options: {
  binary: string;
  port: number;
  targets: string[];
  token: string;
}): Promise<RunningPrometheus> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-prometheus-'));
  const tokenFile = path.join(dir, 'metrics-token');
  fs.writeFileSync(tokenFile, options.token);
  const config = [
    'global:',
    '  scrape_interval: 1s',
    '  evaluation_interval: 1s',
    'rule_files:',
    `  - ${JSON.stringify(path.resolve('deploy/prometheus/alerts.yml'))}`,
    'scrape_configs:',
    '  - job_name: festival',
    '    metrics_path: /api/metrics',
    '    authorization:',
    '      type: Bearer',
    `      credentials_file: ${JSON.stringify(tokenFile)}`,
    '    static_configs:',
    `      - targets: ${JSON.stringify(options.targets)}`,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'prometheus.yml'), config);
  const url = `http://127.0.0.1:${options.port}`;
  const child: ChildProcess = spawn(
    options.binary,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${options.port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Prometheus exited: ${log}`);
    const ready = await fetch(`${url}/-/ready`).catch(() => null);
    if (ready?.ok) break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`Prometheus was not ready within 30 s: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    async query(expression) {
      const answer = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expression)}`);
      const body = (await answer.json()) as {
        status: string;
        error?: string;
        data?: { result: { value: [number, string] }[] };
      };
      if (body.status !== 'success') throw new Error(`${expression}: ${body.error ?? 'query failed'}`);
      const first = body.data?.result[0];
      return first ? Number(first.value[1]) : null;
    },
    async ruleNames() {
      const answer = await fetch(`${url}/api/v1/rules`);
      const body = (await answer.json()) as { data: { groups: { rules: { name: string }[] }[] } };
      return body.data.groups.flatMap((group) => group.rules.map((rule) => rule.name));
    },
    stop,
  };
}
