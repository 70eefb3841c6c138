import 'server-only';
import crypto from 'node:crypto';

/** An id shaped like Razorpay's: a prefix, an underscore and 14 letters or digits. */
export function newSandboxId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.randomBytes(14);
  return `${prefix}_${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}
