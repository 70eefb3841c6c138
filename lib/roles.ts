/**
 * Roles and which screens they may open: one table read by proxy.ts (before render), by the client
 * guard (in the browser) and by the tests. Roles are compared in lower case.
 */
export const roles = ['user', 'organiser', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Participant screens: every signed-in person, organisers included, may use them. */
export const participantRoles: readonly Role[] = ['user', 'organiser', 'admin'];
export const organiserRoles: readonly Role[] = ['organiser', 'admin'];

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
  { pattern: /^\/admin(\/.*)?$/, roles: organiserRoles },
];

/** The roles allowed on a path, or null when the path is open to everyone. */
export function rolesForPath(pathname: string): readonly Role[] | null {
  return roleRoutes.find((r) => r.pattern.test(pathname))?.roles ?? null;
}

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
