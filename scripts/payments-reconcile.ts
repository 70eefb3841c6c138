// npm run payments:reconcile: settle paid-but-unfinished orders and expire unpaid ones, then exit.
import path from 'node:path';
import { adoptDatabase } from '@/lib/server/db';
import { openDatabase } from '@/lib/server/db/client';
import { env } from '@/lib/server/env';
import { reconcilePayments } from '@/lib/server/payments/reconcile';

const e = env();
const database = e.DATABASE_URL
  ? openDatabase({ url: e.DATABASE_URL })
  : openDatabase({ dataDir: path.resolve(e.DATA_DIR, 'db') });
try {
  await database.migrate();
  // The app's services read the database through getDb(); point it at this connection.
  adoptDatabase(database);
  const report = await reconcilePayments(database.db, { minAgeSeconds: 0 });
  console.log(`Reconciled: ${JSON.stringify(report)}`);
} catch (error) {
  console.error('Reconciliation failed:', error instanceof Error ? error.message : error);
  if (database.kind === 'pglite')
    console.error('With the embedded database, stop the site first or call POST /api/payment/reconcile.');
  process.exitCode = 1;
} finally {
  await database.close();
}
