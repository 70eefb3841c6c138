// Netlify has no cron file like vercel.json's: its scheduled functions (netlify/functions/cron-*.ts, one per
// cron of vercel.json, same path and schedule) call the site's own cron endpoints the way Vercel Cron does,
// with `Authorization: Bearer $CRON_SECRET`. tests/unit/netlify-crons.test.ts keeps the two lists alike.

/** What a scheduled function reads: Netlify sets URL to the site's main address; CRON_SECRET is ours. */
export type CronEnv = Readonly<Record<string, string | undefined>>;

/**
 * Calls one cron endpoint of this site and answers with what it said. A failure throws, so that Netlify's
 * function log shows the run as failed with the reason.
 */
export async function callCron(
  endpoint: string,
  env: CronEnv = process.env,
  fetcher: typeof fetch = fetch,
): Promise<Response> {
  if (!env.URL) throw new Error(`${endpoint}: URL is not set (Netlify sets it to the site's address)`);
  // Without the secret the endpoints answer 404 (they are off), so the call would only fail later.
  if (!env.CRON_SECRET) throw new Error(`${endpoint}: CRON_SECRET is not set on the site`);
  const response = await fetcher(new URL(endpoint, env.URL), {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.CRON_SECRET}` },
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`${endpoint} answered ${response.status}: ${body.slice(0, 200)}`);
  return new Response(body, { status: response.status, headers: { 'Content-Type': 'application/json' } });
}
