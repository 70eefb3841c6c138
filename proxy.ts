import { NextResponse, type NextRequest } from 'next/server';
import { authCookieName, verifyToken, type TokenClaims } from '@/lib/server/auth/jwt';
import { requestToken } from '@/lib/server/auth/request-token';
import { apiGuardMessages, apiRolesFor, guardDecision, rolesForPath } from '@/lib/roles';
import { previewCookieName } from '@/lib/preview-cookie';
import { isPreview } from '@/lib/server/env';

/**
 * Server half of the route guard, from the token's signed claims and before anything runs: role pages of
 * lib/roles.ts redirect, the console API under /api/admin answers 401 or 403. The client guard and every
 * API handler check again, the handlers with the role read afresh from the database (so a role taken
 * away counts at once; one given counts from the next sign-in, when the token carries it).
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith('/api/')) return guardApi(request);

  return markPreview(request, await guardPage(request, pathname));
}

async function guardPage(request: NextRequest, pathname: string) {
  const allowed = rolesForPath(pathname);
  if (!allowed) return NextResponse.next();
  const token = request.cookies.get(authCookieName)?.value;
  const decision = guardDecision(await claimsState(token), allowed);
  if (decision === 'allow') return NextResponse.next();
  const target = decision === 'login' ? '/login' : '/unauthorized';
  return NextResponse.redirect(new URL(target, request.url));
}

/**
 * Tells the page's Preview mark whether this deployment is a preview. Pages are prerendered once, so the
 * answer travels in a cookie set here at request time; a stale one (another deployment on the same host
 * name) is cleared.
 */
function markPreview(request: NextRequest, response: NextResponse): NextResponse {
  const marked = request.cookies.get(previewCookieName)?.value === '1';
  const preview = isPreview();
  if (preview && !marked) response.cookies.set(previewCookieName, '1', { path: '/', sameSite: 'lax' });
  if (!preview && marked) response.cookies.delete(previewCookieName);
  return response;
}

async function guardApi(request: NextRequest) {
  // A CORS preflight carries no credentials; the request it announces is checked when it comes.
  if (request.method === 'OPTIONS') return NextResponse.next();
  const allowed = apiRolesFor(request.method, request.nextUrl.pathname);
  if (!allowed) return NextResponse.next();
  const decision = guardDecision(await claimsState(requestToken(request)), allowed);
  if (decision === 'allow') return NextResponse.next();
  const status = decision === 'login' ? 401 : 403;
  return NextResponse.json(
    { message: decision === 'login' ? apiGuardMessages.login : apiGuardMessages.unauthorized },
    { status, headers: { 'cache-control': 'private, no-store' } },
  );
}

async function claimsState(token: string | null | undefined) {
  const claims: TokenClaims | null = token ? await verifyToken(token) : null;
  return { isInitialized: true, isAuthenticated: claims !== null, role: claims?.role };
}

export const config = {
  // Pages, and the console API (other API handlers authenticate themselves); static files need no guard.
  matcher: [
    '/api/admin/:path*',
    '/((?!api/|sandbox/|_next/|images/|rulebooks/|favicon.ico|robots.txt|sitemap.xml|sw.js).*)',
  ],
};
