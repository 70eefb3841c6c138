// Netlify's scheduled run of /api/cron/mail (vercel.json's cron of the same path and schedule).
import { callCron } from '../call-cron';

export default function cronMail() {
  return callCron('/api/cron/mail');
}

export const config = { schedule: '*/5 * * * *' };
