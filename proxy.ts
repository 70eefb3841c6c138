import { NextResponse, type NextRequest } from 'next/server';
import { authCookieName, verifyToken, type TokenClaims } from '@/lib/server/auth/jwt';
import { requestToken } from '@/lib/server/auth/request-token';
import { returnCookieMaxAge, returnCookieName, safeReturnPath } from '@/lib/return-path';
import { apiGuardMessages, apiRolesFor, guardDecision, rolesForPath } from '@/lib/roles';

/**
 * Server half of the route guard, from the token's signed claims and before anything runs: role pages of
 * lib/roles.ts redirect, the console API under /api/admin answers 401 or 403. The client guard and every
 * API handler check again, the handlers with the role read afresh from the database (so a role taken
 * away counts at once; one given counts from the next sign-in, when the token carries it).
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith('/api/')) return guardApi(request);

  return guardPage(request, pathname);
}

async function guardPage(request: NextRequest, pathname: string) {
  const allowed = rolesForPath(pathname);
  if (!allowed) return NextResponse.next();
  const token = request.cookies.get(authCookieName)?.value;
  const decision = guardDecision(await claimsState(token), allowed);
  if (decision === 'allow') return NextResponse.next();
  if (decision !== 'login') return NextResponse.redirect(new URL('/unauthorized', request.url));
  // Signing in leads back here, query included (a waiting list's offer link keeps its ?offer=). Only a
  // visit counts: the router prefetches guarded links (the menu's) without anyone asking for them.
  const response = NextResponse.redirect(new URL('/login', request.url));
  const back = isPrefetch(request) ? null : safeReturnPath(`${pathname}${request.nextUrl.search}`);
  if (back) {
    response.cookies.set(returnCookieName, back, {
      path: '/',
      maxAge: returnCookieMaxAge,
      sameSite: 'lax',
      httpOnly: false, // read by the login form
    });
  }
  return response;
}

/** A request the browser or Next's router makes ahead of a visit, not the visit itself. */
function isPrefetch(request: NextRequest): boolean {
  const purpose = `${request.headers.get('sec-purpose') ?? ''} ${request.headers.get('purpose') ?? ''}`;
  return (
    request.headers.has('next-router-prefetch') ||
    request.headers.has('next-router-segment-prefetch') ||
    purpose.includes('prefetch')
  );
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

/*
 * Only the paths with a guard: Next's middleware costs as much again as serving a cached page, so the public
 * pages, the four public reads under /api/admin and static files stay out of it. Matchers must be literal
 * (Next reads them at build time), so this repeats lib/roles.ts; tests/unit/proxy-matcher.test.ts checks that
 * every guarded path is matched and the public ones are not.
 */
export const config = {
  matcher: [
    '/api/admin/((?!getSponsors$|team/get-team$|event-category/get-event-category$|event-category/get-events-by-category/).*)',
    '/profile',
    '/merchandise',
    '/merchendise',
    '/accomodation',
    '/event/:id/register',
    '/success',
    '/failure',
    '/admin/:path*',
  ],
};
