// POST /api/admin/attendance/batch: a phone's offline scans, each answered in order; replaying records nothing new
import { batchSchema } from '@/lib/schemas/attendance';
import { recordBatch } from '@/lib/server/attendance';
import { adminRoute } from '@/lib/server/http/handler';

export const POST = adminRoute(
  // 500 scans of about 150 bytes each do not fit the usual 64 KB cap.
  { body: batchSchema, volunteers: true, maxBodyBytes: 256 * 1024 },
  async ({ db, user, body }) => {
    const outcomes = await recordBatch(db, user, body.scans);
    const recorded = outcomes.filter((o) => o.status === 'present').length;
    return { message: `${outcomes.length} scans answered, ${recorded} present.`, data: outcomes };
  },
);
