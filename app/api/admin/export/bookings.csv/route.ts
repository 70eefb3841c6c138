// GET /api/admin/export/bookings.csv: the filtered accommodation bookings as a streamed CSV download (organisers)
import { bookingFilterSchema } from '@/lib/schemas/admin-operations';
import { adminRoute } from '@/lib/server/http/handler';
import { exportBookings } from '@/lib/server/admin/exports';

export const GET = adminRoute({ query: bookingFilterSchema }, async ({ db, query }) =>
  exportBookings(db, query),
);
