import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Tests never touch the developer's .data folder or need a generated secret.
process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'festival-test-'));
process.env.JWT_SECRET ??= 'test-secret-that-is-long-enough-for-hs256-signing';
process.env.LOG_LEVEL ??= 'silent';
// Route handlers are called without a socket, so tests run as behind one trusted proxy: the client's
// address is the last X-Forwarded-For entry, which tests/support/api.ts sets for every call.
process.env.TRUSTED_PROXY_HOPS ??= '1';

// The sandbox's webhooks reach the app's webhook handling, as start-up arranges in a server. Imported
// after the variables above are set, since static imports would run first.
const { connectSandboxToApp } = await import('@/lib/server/payments/webhooks');
connectSandboxToApp();
