import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  exampleConfig,
  exampleConfigPath,
  findNginx,
  renderNginxConfig,
  templatePath,
} from '../../scripts/cluster-lib';

const template = fs.readFileSync(templatePath, 'utf8');

describe('the nginx configuration of the cluster (deploy/nginx)', () => {
  it('festival.conf is the template filled in for two instances', () => {
    expect(fs.readFileSync(exampleConfigPath, 'utf8')).toBe(exampleConfig(template));
  });

  it('fills every placeholder: one upstream server per instance, the port, a user line only when asked', () => {
    const config = renderNginxConfig(template, { proxyPort: 8123, instancePorts: [4001, 4002, 4003] });
    expect(config).not.toContain('@');
    expect(config.match(/^\s+server 127\.0\.0\.1:400\d /gm)).toHaveLength(3);
    expect(config).toContain('listen 127.0.0.1:8123;');
    expect(config).not.toMatch(/^user /m);
    const asRoot = renderNginxConfig(template, {
      proxyPort: 8123,
      instancePorts: [4001],
      user: 'nobody nogroup',
    });
    expect(asRoot).toMatch(/^user nobody nogroup;$/m);
  });

  it('lets the app decide what is cached and passes the client address on', () => {
    expect(template).not.toMatch(/^\s*proxy_cache_valid/m);
    expect(template).not.toMatch(/proxy_ignore_headers/);
    for (const directive of [
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      'proxy_cache_bypass $http_authorization $festival_skip_cache;',
      'proxy_no_cache $http_authorization $festival_skip_cache;',
      'proxy_cache_background_update on;',
      'proxy_cache_lock on;',
      'client_max_body_size 6m;',
      'gzip on;',
    ]) {
      expect(template).toContain(directive);
    }
    expect(template).toMatch(/proxy_cache_use_stale [^;]*\bupdating\b/);
  });

  it.skipIf(!findNginx())('is accepted by nginx -t with every path inside the prefix', () => {
    const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-nginx-test-'));
    try {
      fs.chmodSync(prefix, 0o755);
      for (const dir of ['logs', 'tmp', 'cache']) fs.mkdirSync(path.join(prefix, dir));
      const conf = path.join(prefix, 'nginx.conf');
      const root = process.getuid?.() === 0;
      fs.writeFileSync(
        conf,
        renderNginxConfig(template, {
          proxyPort: 8599,
          instancePorts: [3598, 3599],
          user: root ? 'nobody nogroup' : undefined,
        }),
      );
      const check = spawnSync(
        findNginx()!,
        ['-t', '-q', '-p', `${prefix}/`, '-c', conf, '-e', path.join(prefix, 'logs', 'error.log')],
        { encoding: 'utf8' },
      );
      expect(check.status, check.stderr).toBe(0);
    } finally {
      fs.rmSync(prefix, { recursive: true, force: true });
    }
  });
});
