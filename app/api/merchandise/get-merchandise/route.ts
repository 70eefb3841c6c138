// GET /api/merchandise/get-merchandise: products with sizes; a size is available while units are left
import { apiRoute } from '@/lib/server/http/handler';
import { listMerchandise } from '@/lib/server/services/merchandise';

export const GET = apiRoute({}, async ({ db }) => ({
  message: 'Merchandise',
  data: await listMerchandise(db),
}));
