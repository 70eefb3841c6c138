import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** vercel.json's cron file must name routes that exist and answer GET (what a platform cron sends). */
describe('the platform cron file', () => {
  const config = JSON.parse(fs.readFileSync(path.resolve('vercel.json'), 'utf8')) as {
    crons: { path: string; schedule: string }[];
  };

  it('schedules announcements, mail retries, reconciliation and the waiting lists', () => {
    expect(config.crons.map((c) => c.path).sort()).toEqual([
      '/api/cron/announcements',
      '/api/cron/mail',
      '/api/cron/reconcile',
      '/api/cron/waiting-lists',
    ]);
  });

  it.each(config.crons)('$path is a GET route with a five-field schedule', ({ path: route, schedule }) => {
    const file = path.resolve('app', `.${route}`, 'route.ts');
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toMatch(/export const GET\b/);
    expect(schedule.split(' ')).toHaveLength(5);
  });
});
