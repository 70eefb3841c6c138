import 'server-only';
import { derivedSecret } from '@/lib/server/secrets';

/** Where the sandbox answers, and the keys it signs with (derived from the app's secret, never configured). */
export const sandboxBasePath = '/sandbox/razorpay/v1';
const sandboxKeyId = 'rzp_test_sandbox';

export interface SandboxCredentials {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

let cached: SandboxCredentials | undefined;

export function sandboxCredentials(): SandboxCredentials {
  cached ??= {
    keyId: sandboxKeyId,
    keySecret: derivedSecret('razorpay-sandbox-key-secret'),
    webhookSecret: derivedSecret('razorpay-sandbox-webhook-secret'),
  };
  return cached;
}
