// GET /api/admin/bookings: accommodation bookings with a link to each identity proof, filtered and paged (organisers)
import { bookingFilterSchema } from '@/lib/schemas/admin-operations';
import { adminRoute } from '@/lib/server/http/handler';
import { listBookings } from '@/lib/server/admin/lists';

export const GET = adminRoute({ query: bookingFilterSchema }, async ({ db, query }) => {
  const page = await listBookings(db, query);
  return {
    message: 'Bookings',
    data: {
      ...page,
      items: page.items.map((b) => ({ ...b, identityProofUrl: `/api/uploads/${b.identityUploadId}` })),
    },
  };
});
