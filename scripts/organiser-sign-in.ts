// The page-load benchmarks' sign-in. Apart from scripts/floor-app.ts: the seeded organiser's module is
// server-only, so this runs only under `--conditions=react-server` (bench:lighthouse, bench:trace), and
// bench:http and bench:cold-start, which start servers through floor-app.ts without it, stay free of it.
import { devOrganiser } from '@/lib/server/db/dev-organiser';

/** Signs in as the seeded organiser (DEV_ORGANISER, see siteBenchEnv) at `origin`: the session's token. */
export async function organiserToken(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: devOrganiser.email, password: devOrganiser.password }),
  });
  const { token } = (await login.json()) as { token?: string };
  if (!token)
    throw new Error(`${origin}: could not sign in to measure the signed-in pages (${login.status})`);
  return token;
}
