import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Tests never touch the developer's .data folder or need a generated secret.
process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'festival-test-'));
process.env.JWT_SECRET ??= 'test-secret-that-is-long-enough-for-hs256-signing';
process.env.LOG_LEVEL ??= 'silent';
