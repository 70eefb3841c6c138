/**
 * Navigation state for screens that receive data from the previous one (the e-mail carried to /otp and
 * /reset-password, the category id carried to its events). Kept in sessionStorage under the
 * destination path, so it survives a reload of that tab but never leaks into a shared link.
 */
const prefix = 'nav-state:';

/** The sessionStorage key of a destination's state (the Lighthouse benchmark seeds it as a tab would). */
export function navStateKey(path: string): string {
  return prefix + path;
}

export function setNavState(path: string, state: Record<string, unknown>): void {
  try {
    window.sessionStorage.setItem(navStateKey(path), JSON.stringify(state));
  } catch {
    // Private mode without storage: the destination screen handles missing state.
  }
}

export function readNavState<T extends Record<string, unknown>>(path: string): Partial<T> | null {
  try {
    const raw = window.sessionStorage.getItem(navStateKey(path));
    return raw ? (JSON.parse(raw) as Partial<T>) : null;
  } catch {
    return null;
  }
}

export function clearNavState(path: string): void {
  try {
    window.sessionStorage.removeItem(navStateKey(path));
  } catch {
    // nothing to clear
  }
}
