import { describe, expect, it } from 'vitest';
import { createAnnouncementSchema, pushSubscriptionSchema } from '@/lib/schemas/announcements';
import { EnvError, parseEnv } from '@/lib/server/env';
import { pushRetryDelayMs } from '@/lib/server/push/push-queue';
import { outcomeOf } from '@/lib/server/push/send-push';
import { deviceName } from '@/lib/server/push/subscriptions';

/* The rules around pushes that need no server: what a push service's answer means, and what is accepted. */

describe("a push service's answer", () => {
  it('is delivered on 201, gone on 404 and 410, retried on 429 and 5xx, failed otherwise', () => {
    expect(outcomeOf(201, '', null)).toEqual({ kind: 'delivered' });
    expect(outcomeOf(410, 'unsubscribed', null)).toEqual({
      kind: 'gone',
      reason: 'The push service answered 410: unsubscribed',
    });
    expect(outcomeOf(404, '', null).kind).toBe('gone');
    expect(outcomeOf(429, '', '30')).toEqual({
      kind: 'retry',
      reason: 'The push service answered 429',
      afterMs: 30_000,
    });
    expect(outcomeOf(503, '', null)).toMatchObject({ kind: 'retry', afterMs: undefined });
    expect(outcomeOf(413, 'payload too large', null)).toEqual({
      kind: 'failed',
      reason: 'The push service answered 413: payload too large',
    });
  });

  it('is retried after 10 s, doubling, at most 10 minutes apart', () => {
    expect([1, 2, 3, 6, 12].map(pushRetryDelayMs)).toEqual([10_000, 20_000, 40_000, 320_000, 600_000]);
  });
});

describe('a device', () => {
  it('is named by its browser and system', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox on Linux',
    );
    expect(deviceName(null)).toBe('A browser on a device');
  });

  it('is accepted only with a push service address and keys of the right shape', () => {
    const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };
    expect(
      pushSubscriptionSchema.safeParse({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys }).success,
    ).toBe(true);
    expect(pushSubscriptionSchema.safeParse({ endpoint: 'javascript:alert(1)', keys }).success).toBe(false);
    expect(
      pushSubscriptionSchema.safeParse({ endpoint: 'https://push.example/x', keys: { ...keys, auth: '' } })
        .success,
    ).toBe(false);
  });
});

describe('an announcement as written', () => {
  const base = { title: 'Rain', body: 'Rain at 5.', audience: { kind: 'everyone' }, channels: ['mail'] };

  it('takes a page of the site or an https address as its link, nothing else', () => {
    expect(createAnnouncementSchema.safeParse({ ...base, link: '/schedule' }).success).toBe(true);
    expect(createAnnouncementSchema.safeParse({ ...base, link: 'https://maps.example/hall' }).success).toBe(
      true,
    );
    for (const link of ['//evil.example', 'http://plain.example', 'javascript:alert(1)', 'schedule']) {
      expect(createAnnouncementSchema.safeParse({ ...base, link }).success, link).toBe(false);
    }
  });

  it('keeps its channels in one order without repeats, and reads a send time as festival time', () => {
    const parsed = createAnnouncementSchema.parse({
      ...base,
      channels: ['banner', 'push', 'banner'],
      sendAt: '2027-02-21T17:00',
    });
    expect(parsed.channels).toEqual(['push', 'banner']);
    expect(parsed.sendAt).toBe('2027-02-21T11:30:00.000Z');
    expect(parsed.bannerHours).toBe(24);
  });

  it('refuses a multi-line title and an unknown audience', () => {
    const answer = createAnnouncementSchema.safeParse({
      ...base,
      title: 'Two\nlines',
      audience: { kind: 'sponsors' },
    });
    expect(answer.success).toBe(false);
    const messages = Object.fromEntries(
      answer.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toMatchObject({
      title: 'Title cannot contain line breaks or control characters.',
      'audience.kind':
        'The audience must be one of everyone, events, venue_day, stay_holders, tshirt_buyers, volunteers.',
    });
  });
});

describe('the push keys', () => {
  it('come as a pair, with a contact the push services accept', () => {
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'x' })).toThrow(EnvError);
    expect(() =>
      parseEnv({ VAPID_PUBLIC_KEY: 'x', VAPID_PRIVATE_KEY: 'y', VAPID_SUBJECT: 'fest.example' }),
    ).toThrow(/VAPID_SUBJECT must be a mailto: or https:\/\/ address/);
    expect(parseEnv({ VAPID_PUBLIC_KEY: 'x', VAPID_PRIVATE_KEY: 'y' }).MAIL_RATE_PER_MINUTE).toBe(3000);
  });
});
