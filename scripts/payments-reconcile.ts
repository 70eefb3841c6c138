// npm run payments:reconcile: settle paid-but-unfinished orders and expire unpaid ones, then exit.
import { adoptDatabase, openConfiguredDatabase } from '@/lib/server/db';
import { reconcilePayments } from '@/lib/server/payments/reconcile';

const database = openConfiguredDatabase();
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
