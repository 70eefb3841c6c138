import crypto from 'node:crypto';
import { png } from './fixtures';

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  body?: unknown;
  /** Sent as is when a string (to test malformed JSON). */
  rawBody?: string;
  token?: string;
  params?: Record<string, string>;
  /** Appended to the URL as is, `?` included. */
  query?: string;
  ip?: string;
  method?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls a route handler the way Next would, with a JSON body and an optional bearer token. */
export async function call<T = Record<string, unknown>>(
  handler: Handler,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    // A fresh address per call unless a test pins one, so per-IP limits only bite where a test means them to.
    // The test setup trusts one proxy, so this (the proxy's entry, the last one) is the caller's address.
    'x-forwarded-for':
      options.ip ?? `10.${crypto.randomInt(255)}.${crypto.randomInt(255)}.${crypto.randomInt(255)}`,
    ...options.headers,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const method =
    options.method ?? (options.body !== undefined || options.rawBody !== undefined ? 'POST' : 'GET');
  const request = new Request(`http://localhost/api/test${options.query ?? ''}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : (options.rawBody ?? JSON.stringify(options.body ?? {})),
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T, headers: response.headers };
}

/**
 * A multipart POST of one file in the `file` field, as the upload screens send it (a 1x1 PNG named id.png
 * unless told otherwise), with a bearer token unless `token` is null.
 */
export function multipartRequest(
  url: string,
  token: string | null,
  file: { bytes?: Buffer; name?: string; type?: string } = {},
): Request {
  const form = new FormData();
  const { bytes = png, name = 'id.png', type = 'image/png' } = file;
  form.append('file', new File([new Uint8Array(bytes)], name, { type }));
  return new Request(url, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
}
