import { expect, test } from '@playwright/test';
import { clusterMetricsToken, clusterPorts, prometheusPort, proxyUrl } from './support/cluster';
import { closeInstances, openInstances, skipWithoutCluster, type Instances } from './support/contexts';
import { findPrometheus, startPrometheus, type RunningPrometheus } from './support/prometheus';
import { registerPaidAcrossInstances } from './support/purchases';

/*
 * A real Prometheus scrapes both instances while a journey signs up and buys across them: what it stores
 * moves with the journey (payments created, captured and settled; mail; requests by route), per instance,
 * with the repository's alert rules loaded and none firing. nginx refuses the metrics to the public.
 */

skipWithoutCluster();
const prometheusBinary = findPrometheus();
test.skip(
  !prometheusBinary && process.env.CI !== 'true',
  'the metrics journey needs Prometheus (apt-get install prometheus)',
);

let prometheus: RunningPrometheus | undefined;
let instances: Instances | undefined;

test.beforeAll(async () => {
  if (!prometheusBinary) throw new Error('Prometheus is not installed (apt-get install prometheus)');
  instances = await openInstances();
  prometheus = await startPrometheus({
    binary: prometheusBinary,
    port: prometheusPort,
    targets: [`127.0.0.1:${clusterPorts.a}`, `127.0.0.1:${clusterPorts.b}`],
    token: clusterMetricsToken,
  });
});
test.afterAll(async () => {
  await prometheus?.stop();
  await closeInstances(instances);
});

test('Prometheus scraping both instances sees a purchase and its mail move the figures', async ({
  request,
}) => {
  test.setTimeout(90_000);
  const p = prometheus!;
  const { a, b } = instances!;

  // Both instances scraped, with the token, and the alert rules loaded.
  await expect.poll(() => p.query('count(up{job="festival"} == 1)'), { timeout: 20_000 }).toBe(2);
  expect(await p.ruleNames()).toEqual(
    expect.arrayContaining([
      'PaymentCapturedNotSettled',
      'MailStuckInOutbox',
      'ServerErrors',
      'InstanceNotScraped',
    ]),
  );

  const total = (expression: string) => p.query(`sum(${expression})`).then((value) => value ?? 0);
  const figures = () =>
    Promise.all([
      total('festival_payments_total{purpose="event",outcome="created"}'),
      total('festival_payments_total{purpose="event",outcome="captured"}'),
      total('festival_payments_total{purpose="event",outcome="settled"}'),
      total('festival_mail_total{outcome="kept"}'),
      total('festival_http_requests_total{route="/api/payment/create-event-order",status="200"}'),
    ]);
  // Settled from an earlier journey's scrape: wait until two scrapes in a row agree.
  let before = await figures();
  await expect
    .poll(async () => {
      const again = await figures();
      const same = JSON.stringify(again) === JSON.stringify(before);
      before = again;
      return same;
    })
    .toBe(true);

  await registerPaidAcrossInstances(a, b, request, 'Metrica');

  // One order created, one payment captured and settled, the sign-up code and the confirmation mailed
  // (kept in the preview outbox), one create-order call answered.
  await expect
    .poll(async () => (await figures()).map((value, i) => value - before[i]!), { timeout: 20_000 })
    .toEqual([1, 1, 1, 2, 1]);

  // Requests are counted per instance: both served some, and none of them is labelled by an id.
  expect(await p.query('count(count by (instance) (festival_http_requests_total))')).toBe(2);
  expect(
    await p.query('count(festival_http_requests_total{route=~".*[0-9a-f]{8}-[0-9a-f]{4}.*|.*@.*"})'),
  ).toBeNull();
  // The queues read from the database are there, the same on both instances.
  expect(await p.query('count(festival_database_up == 1)')).toBe(2);
  expect(await p.query('max(festival_payments_unsettled_oldest_seconds)')).not.toBeNull();
  expect(await p.query('count(ALERTS{alertstate="firing"})')).toBeNull();

  // The public proxy never hands the metrics out, token or not.
  const throughProxy = await request.get(`${proxyUrl}/api/metrics`, {
    headers: { authorization: `Bearer ${clusterMetricsToken}` },
  });
  expect(throughProxy.status()).toBe(404);
});
