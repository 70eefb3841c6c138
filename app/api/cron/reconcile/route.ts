// GET|POST /api/cron/reconcile: settle or expire orders left unfinished (for a cron; needs CRON_SECRET)
import { cronRoute } from '@/lib/server/http/cron';
import { reconcilePayments } from '@/lib/server/payments/reconcile';

export const dynamic = 'force-dynamic';

const handler = cronRoute('Reconciliation', async (db) => ({
  message: 'Reconciled',
  data: await reconcilePayments(db),
}));

export const GET = handler;
export const POST = handler;
