import { api } from '@/lib/api-client';

/** What /api/deployment answers; anything else (an old server, an error) counts as "not a preview". */
export async function deploymentIsPreview(): Promise<boolean> {
  const answer = await fetch('/api/deployment');
  if (!answer.ok) return false;
  const body: unknown = await answer.json();
  return (body as { data?: { preview?: unknown } })?.data?.preview === true;
}

/**
 * On a preview deployment (which mails nobody), the verification code of `email`'s sign-up when this
 * browser made it: the server reads it from the HttpOnly cookie its sign-up answer set. Null elsewhere,
 * and for any other browser. The deployment question is answered from the browser's cache, so a site
 * that is not a preview asks nothing more.
 */
export async function previewCodeFor(email: string): Promise<string | null> {
  if (!(await deploymentIsPreview())) return null;
  const answer = await api.get<{ code: string | null }>(
    `/api/preview-code?email=${encodeURIComponent(email)}`,
  );
  return answer.data?.code ?? null;
}
