/**
 * Roles and which screens they may open: one table read by proxy.ts (before render), by the client
 * guard (in the browser) and by the tests. Roles are compared in lower case.
 */
export const roles = ['user', 'volunteer', 'organiser', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Participant screens: every signed-in person, volunteers and organisers included, may use them. */
export const participantRoles: readonly Role[] = ['user', 'volunteer', 'organiser', 'admin'];
export const organiserRoles: readonly Role[] = ['organiser', 'admin'];
/**
 * Everyone who may open the console at all: volunteers see only the festival day's scanning screens
 * (Check-in and Attendance); organisers and admins can do everything a volunteer can.
 */
export const consoleRoles: readonly Role[] = ['volunteer', 'organiser', 'admin'];

interface RoleRoute {
  pattern: RegExp;
  roles: readonly Role[];
}

export const roleRoutes: readonly RoleRoute[] = [
  { pattern: /^\/profile\/?$/, roles: participantRoles },
  { pattern: /^\/merchandise\/?$/, roles: participantRoles },
  { pattern: /^\/merchendise\/?$/, roles: participantRoles },
  { pattern: /^\/accomodation\/?$/, roles: participantRoles },
  { pattern: /^\/event\/[^/]+\/register\/?$/, roles: participantRoles },
  { pattern: /^\/success\/?$/, roles: participantRoles },
  { pattern: /^\/failure\/?$/, roles: participantRoles },
  // Who is an organiser is the admins' decision alone; listed before the rest of the console.
  { pattern: /^\/admin\/people(\/.*)?$/, roles: ['admin'] },
  // The volunteers' screens, before the organisers' catch-all.
  { pattern: /^\/admin\/check-in\/?$/, roles: consoleRoles },
  { pattern: /^\/admin\/attendance(\/.*)?$/, roles: consoleRoles },
  { pattern: /^\/admin(\/.*)?$/, roles: organiserRoles },
];

/** The roles allowed on a path, or null when the path is open to everyone. */
export function rolesForPath(pathname: string): readonly Role[] | null {
  return roleRoutes.find((r) => r.pattern.test(pathname))?.roles ?? null;
}

interface ApiRoute {
  methods: readonly string[] | 'any';
  pattern: RegExp;
  /** null: open to everyone. */
  roles: readonly Role[] | null;
}

/**
 * The console API under /api/admin, first match wins. SPEC.md part 7 puts four public reads and the
 * participants' identity-proof upload under that path too; everything else there is the organisers'.
 * proxy.ts refuses early from the token's claims; every handler checks again with the role read afresh.
 */
export const adminApiRoutes: readonly ApiRoute[] = [
  { methods: ['GET', 'HEAD'], pattern: /^\/api\/admin\/event-category\/get-event-category\/?$/, roles: null },
  {
    methods: ['GET', 'HEAD'],
    pattern: /^\/api\/admin\/event-category\/get-events-by-category\/[^/]+\/?$/,
    roles: null,
  },
  { methods: ['GET', 'HEAD'], pattern: /^\/api\/admin\/team\/get-team\/?$/, roles: null },
  { methods: ['GET', 'HEAD'], pattern: /^\/api\/admin\/getSponsors\/?$/, roles: null },
  { methods: ['POST'], pattern: /^\/api\/admin\/upload\/?$/, roles: participantRoles },
  { methods: 'any', pattern: /^\/api\/admin\/users(\/.*)?$/, roles: ['admin'] },
  // The volunteers' calls (the gate's check-in, taking attendance), before the organisers' catch-all.
  // The attendance CSV has e-mails: it stays under /api/admin/export, the organisers'.
  { methods: ['POST'], pattern: /^\/api\/admin\/check-in\/?$/, roles: consoleRoles },
  { methods: 'any', pattern: /^\/api\/admin\/attendance(\/.*)?$/, roles: consoleRoles },
  { methods: 'any', pattern: /^\/api\/admin(\/.*)?$/, roles: organiserRoles },
];

/** The roles allowed to call an API path with a method, or null when the call is open (or not the console's). */
export function apiRolesFor(method: string, pathname: string): readonly Role[] | null {
  const verb = method.toUpperCase();
  const route = adminApiRoutes.find(
    (r) => r.pattern.test(pathname) && (r.methods === 'any' || r.methods.includes(verb)),
  );
  return route?.roles ?? null;
}

/** The answers of the API's role check, the same from proxy.ts and from the handler wrapper. */
export const apiGuardMessages = {
  login: 'Please log in to continue.',
  unauthorized: 'You do not have permission to do this.',
} as const;

export function normaliseRole(role: unknown): string | null {
  return typeof role === 'string' && role.trim() !== '' ? role.trim().toLowerCase() : null;
}

export type GuardDecision = 'wait' | 'login' | 'unauthorized' | 'allow';

/**
 * The guard rule of SPEC.md part 2: wait while auth is initialising, send the signed-out to /login, a
 * role outside a non-empty allowed list to /unauthorized; an empty or missing list allows any signed-in user.
 */
export function guardDecision(
  state: { isInitialized: boolean; isAuthenticated: boolean; role: string | null | undefined },
  allowed?: readonly string[] | null,
): GuardDecision {
  if (!state.isInitialized) return 'wait';
  if (!state.isAuthenticated) return 'login';
  if (!allowed || allowed.length === 0) return 'allow';
  const role = normaliseRole(state.role);
  return role !== null && allowed.map((r) => r.toLowerCase()).includes(role) ? 'allow' : 'unauthorized';
}
