/*
 * What a toast says when a verification code is issued on a preview deployment. A preview mails nobody
 * (its outbox is the organisers' alone, ARCHITECTURE.md "Running modes"); the code screen shows the code
 * in its preview box instead. So there the toast points to that box rather than claim a mail was sent.
 * Everywhere else the server's message (SPEC.md part 8's wording) stands.
 */

export const previewSignUpMessage =
  'Registration Successful. This preview sends no mail: your code is shown in the preview box on the next screen.';

export const previewResendMessage =
  'A new code is ready. This preview sends no mail: it is shown in the preview box on the code screen.';

/** The toast's words for a code just issued: the preview's, else the server's message or the fallback. */
export function codeIssuedMessage({
  preview,
  previewMessage,
  serverMessage,
  fallback,
}: {
  preview: boolean;
  previewMessage: string;
  serverMessage: string;
  fallback: string;
}): string {
  if (preview) return previewMessage;
  return serverMessage || fallback;
}
