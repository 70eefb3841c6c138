import { clearNavState, readNavState, setNavState } from '@/lib/nav-state';

/*
 * The e-mail a screen that ends at /login hands over (the code screen after verifying, the reset screen
 * after a new password), so the login form starts with it filled in and the student types only the
 * password. It travels in navigation state (sessionStorage of this tab), not in the URL: an address
 * in a query string lands in the history, in logs and in shared links. Never the password.
 */

const loginPath = '/login';

export function handOverToLogin(email: string): void {
  setNavState(loginPath, { email });
}

/** The handed-over e-mail, once: it is cleared as it is read, so a later visit to /login starts empty. */
export function takeLoginEmail(): string | null {
  const saved = readNavState<{ email: unknown }>(loginPath);
  clearNavState(loginPath);
  return typeof saved?.email === 'string' && saved.email !== '' ? saved.email : null;
}
