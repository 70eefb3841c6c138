import { publicEnv } from '@/lib/public-env';

/**
 * The typed client every browser component uses to reach the API. It adds the bearer token from local
 * storage, sends and reads JSON, and turns every failure into one ApiError carrying the server's message
 * (SPEC.md part 7: failures are logged to the console and re-thrown to the caller).
 */

export const tokenStorageKey = 'token';

export interface ApiAnswer<T> {
  message: string;
  data: T;
  /** Any other top-level field of the answer (the login token). */
  [key: string]: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors?: Record<string, string>;
  readonly retryAfter?: number;
  /** The server's machine-readable hint, such as 'unverified'. */
  readonly reason?: string;
  /** True when the server sent its own message, so screens may show it instead of their fallback. */
  readonly fromServer: boolean;

  constructor(
    status: number,
    message: string,
    extra: {
      fieldErrors?: Record<string, string>;
      retryAfter?: number;
      reason?: string;
      fromServer?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = extra.fieldErrors;
    this.retryAfter = extra.retryAfter;
    this.reason = extra.reason;
    this.fromServer = extra.fromServer ?? false;
  }
}

/** The server's message when it sent one, else the screen's own fallback text. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(tokenStorageKey);
  } catch {
    return null;
  }
}

interface RequestOptions {
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readStoredToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    let response: Response;
    try {
      response = await fetch(`${publicEnv.apiBase}${path}`, {
        method,
        headers,
        body,
        signal: options.signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError')
        throw new ApiError(0, 'The request was cancelled.');
      throw new ApiError(0, 'Network error: please check your connection and try again.');
    }
    const payload = (await response.json().catch(() => null)) as {
      message?: unknown;
      data?: unknown;
      errors?: Record<string, string>;
      reason?: string;
      [key: string]: unknown;
    } | null;
    const serverMessage = typeof payload?.message === 'string' ? payload.message : undefined;
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('retry-after')) || undefined;
      throw new ApiError(response.status, serverMessage ?? `The server answered ${response.status}.`, {
        fieldErrors: payload?.errors,
        retryAfter,
        reason: payload?.reason,
        fromServer: serverMessage !== undefined,
      });
    }
    return { ...payload, message: serverMessage ?? '', data: payload?.data as T };
  } catch (error) {
    console.error(`${method} ${path} failed`, error);
    throw error;
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body' | 'form'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  postForm: <T>(path: string, form: FormData) => request<T>('POST', path, { form }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  // A body is allowed: some deletions name what they delete by a value too long for the path (an endpoint).
  delete: <T>(path: string, options?: Omit<RequestOptions, 'form'>) => request<T>('DELETE', path, options),
};
