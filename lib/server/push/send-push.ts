import 'server-only';
import crypto from 'node:crypto';
import webpush from 'web-push';
import type { VapidKeys } from './vapid';

/** What the service worker shows (public/sw.js): a notification titled `title`, opening `url` on a tap. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** Names the message: a repeat with the same tag replaces the notification instead of adding one. */
  tag: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What the push service made of one message: delivered (it accepted it), gone (the subscription no longer
 * exists: forget the device), retry (busy or unreachable: try later) or failed (it refused this message).
 */
export type PushOutcome =
  | { kind: 'delivered' }
  | { kind: 'gone'; reason: string }
  | { kind: 'retry'; reason: string; afterMs?: number }
  | { kind: 'failed'; reason: string };

/** How long a push may wait at the push service for a phone that is off: a day (the festival moves on). */
const timeToLiveSeconds = 24 * 60 * 60;
const requestTimeoutMs = 15_000;

/**
 * Encrypts `payload` for one device (RFC 8291, aes128gcm), signs the request with the site's VAPID key
 * (RFC 8292) and posts it to the device's push service (RFC 8030). The library builds the request; it is
 * sent with fetch, which pools connections to each push service and reaches http endpoints in tests.
 * The Topic header (a digest of the tag) makes the push service replace a message it still holds with a
 * repeat of it, so a message sent again after a crash is not stacked on a phone that was offline.
 */
export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  keys: VapidKeys,
): Promise<PushOutcome> {
  let details: webpush.RequestDetails;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: timeToLiveSeconds,
        topic: topicOf(payload.tag),
        urgency: 'high',
      },
    );
  } catch (error) {
    // Keys the browser gave that do not make a valid P-256 point, or an endpoint that is not a URL.
    return { kind: 'gone', reason: `The device's subscription is unusable: ${messageOf(error)}` };
  }
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers: Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)])),
      body: details.body ? new Uint8Array(details.body) : undefined,
      signal: AbortSignal.timeout(requestTimeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    return { kind: 'retry', reason: `The push service could not be reached: ${messageOf(error)}` };
  }
  const text = await response.text().catch(() => '');
  return outcomeOf(response.status, text, response.headers.get('retry-after'));
}

/** RFC 8030's answers: 201 accepted; 404/410 the subscription is gone; 429 and 5xx later; the rest refused. */
export function outcomeOf(status: number, body: string, retryAfter: string | null): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  const detail = body.trim().slice(0, 200);
  const reason = `The push service answered ${status}${detail ? `: ${detail}` : ''}`;
  if (status === 404 || status === 410) return { kind: 'gone', reason };
  if (status === 429 || status >= 500) {
    const seconds = Number(retryAfter);
    return {
      kind: 'retry',
      reason,
      afterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined,
    };
  }
  return { kind: 'failed', reason };
}

/** A Topic is at most 32 characters of the URL-safe base64 alphabet: a digest of the tag fits. */
function topicOf(tag: string): string {
  return crypto.createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}
