// POST /api/auth: the other name the spec gives POST /api/register
export { POST } from '../register/route';
