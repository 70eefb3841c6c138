import { NextResponse, type NextRequest } from 'next/server';
import { authCookieName, verifyToken } from '@/lib/server/auth/jwt';
import { guardDecision, rolesForPath } from '@/lib/roles';

/**
 * Server half of the route guard: role routes of lib/roles.ts are checked from the httpOnly cookie before
 * anything renders. The client guard and every API handler check again.
 */
export async function proxy(request: NextRequest) {
  const allowed = rolesForPath(request.nextUrl.pathname);
  if (!allowed) return NextResponse.next();
  const token = request.cookies.get(authCookieName)?.value;
  const claims = token ? await verifyToken(token) : null;
  const decision = guardDecision(
    { isInitialized: true, isAuthenticated: claims !== null, role: claims?.role },
    allowed,
  );
  if (decision === 'allow') return NextResponse.next();
  const target = decision === 'login' ? '/login' : '/unauthorized';
  return NextResponse.redirect(new URL(target, request.url));
}

export const config = {
  // Pages only: API handlers authenticate themselves, and static files need no guard.
  matcher: ['/((?!api/|sandbox/|_next/|images/|rulebooks/|favicon.ico|robots.txt|sitemap.xml|sw.js).*)'],
};
