import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { callCron } from '../../netlify/call-cron';

/** Netlify's scheduled functions are vercel.json's crons again: same paths, same schedules. */
describe("Netlify's scheduled functions", () => {
  const { crons } = JSON.parse(fs.readFileSync(path.resolve('vercel.json'), 'utf8')) as {
    crons: { path: string; schedule: string }[];
  };

  it.each(crons)('run $path on $schedule, as vercel.json does', async ({ path: endpoint, schedule }) => {
    const file = path.resolve('netlify', 'functions', `cron-${path.basename(endpoint)}.ts`);
    expect(fs.existsSync(file), `${file} is missing`).toBe(true);
    const scheduled = (await import(file)) as {
      default: () => Promise<Response>;
      config: { schedule: string };
    };
    expect(scheduled.config.schedule).toBe(schedule);

    const fetcher = vi.fn(async () => Response.json({ message: 'done' }));
    vi.stubGlobal('fetch', fetcher);
    vi.stubEnv('URL', 'https://fest.example.org');
    vi.stubEnv('CRON_SECRET', 'a-secret-of-twenty-four-chars');
    try {
      await scheduled.default();
    } finally {
      vi.unstubAllGlobals();
      vi.unstubAllEnvs();
    }
    expect(String((fetcher.mock.calls[0] as unknown[])[0])).toBe(`https://fest.example.org${endpoint}`);
  });

  it('has no scheduled function vercel.json lacks', () => {
    const files = fs.readdirSync(path.resolve('netlify', 'functions')).filter((f) => f.startsWith('cron-'));
    expect(files.sort()).toEqual(crons.map((cron) => `cron-${path.basename(cron.path)}.ts`).sort());
  });
});

describe('calling a cron endpoint', () => {
  const env = { URL: 'https://fest.example.org/', CRON_SECRET: 'a-secret-of-twenty-four-chars' };

  it('sends the secret as a bearer token and answers with what the endpoint said', async () => {
    const fetcher = vi.fn(async () =>
      Response.json({ message: 'Mail delivered', data: { sent: 2, failed: 0 } }),
    );
    const answer = await callCron('/api/cron/mail', env, fetcher);
    expect(fetcher).toHaveBeenCalledWith(new URL('https://fest.example.org/api/cron/mail'), {
      method: 'POST',
      headers: { Authorization: 'Bearer a-secret-of-twenty-four-chars' },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ message: 'Mail delivered', data: { sent: 2, failed: 0 } });
  });

  it("fails with the endpoint's status and answer", async () => {
    const fetcher = vi.fn(async () => Response.json({ message: 'Unauthorized' }, { status: 401 }));
    await expect(callCron('/api/cron/mail', env, fetcher)).rejects.toThrow(
      '/api/cron/mail answered 401: {"message":"Unauthorized"}',
    );
  });

  it('says which setting is missing, without calling anything', async () => {
    const fetcher = vi.fn();
    await expect(callCron('/api/cron/reconcile', { URL: env.URL }, fetcher)).rejects.toThrow(
      '/api/cron/reconcile: CRON_SECRET is not set on the site',
    );
    await expect(callCron('/api/cron/reconcile', { CRON_SECRET: 'x' }, fetcher)).rejects.toThrow(
      /URL is not set/,
    );
    expect(fetcher).not.toHaveBeenCalled();
  });
});
