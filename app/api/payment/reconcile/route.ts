// POST /api/payment/reconcile: settle or expire orders left unfinished (for a cron; needs CRON_SECRET).
// The same job as /api/cron/reconcile, kept at its first address for crons already pointed here.
import { cronRoute } from '@/lib/server/http/cron';
import { reconcilePayments } from '@/lib/server/payments/reconcile';

export const POST = cronRoute('Reconciliation', async (db) => ({
  message: 'Reconciled',
  data: await reconcilePayments(db),
}));
