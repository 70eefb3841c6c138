// npm run payments:reconcile: settle paid-but-unfinished orders and expire unpaid ones, then exit.
import { adoptDatabase, openConfiguredDatabase } from '@/lib/server/db';
import { reconcilePayments } from '@/lib/server/payments/reconcile';
import { connectSandboxToApp } from '@/lib/server/payments/webhooks';
import { usesPaymentSandbox } from '@/lib/server/env';

const database = openConfiguredDatabase();
try {
  await database.migrate();
  // The app's services read the database through getDb(); point it at this connection.
  adoptDatabase(database);
  // With the sandbox, the webhooks it still owes are delivered to this process's webhook handling.
  if (usesPaymentSandbox()) connectSandboxToApp();
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
