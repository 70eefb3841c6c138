// Netlify's scheduled run of /api/cron/reconcile (vercel.json's cron of the same path and schedule).
import { callCron } from '../call-cron';

export default function cronReconcile() {
  return callCron('/api/cron/reconcile');
}

export const config = { schedule: '*/10 * * * *' };
