import type { Metadata } from 'next';
import { ScrollTable } from '@/components/admin/operations/list-chrome';
import { RolePicker } from '@/components/admin/role-picker';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getDb } from '@/lib/server/db';
import { searchPeople } from '@/lib/server/admin/people';

export const metadata: Metadata = { title: 'People' };

export default async function PeoplePage({ searchParams }: { searchParams: Promise<{ q?: string }> }) {
  await requireConsoleUser(['admin']);
  const { q } = await searchParams;
  const people = await searchPeople(await getDb(), { q });
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">People</h1>
      <p className="mt-2 max-w-prose">
        Organisers run the console; admins also decide who is an organiser. Search by e-mail or name.
      </p>
      <form method="get" className="mt-4 flex flex-wrap gap-2" role="search">
        <label htmlFor="people-q" className="sr-only">
          Search people
        </label>
        <input
          id="people-q"
          name="q"
          type="search"
          defaultValue={q ?? ''}
          placeholder="E-mail or name"
          className="min-w-0 flex-1 rounded border border-gold/40 bg-ink px-3 py-2 text-parchment"
        />
        <button type="submit" className="rounded bg-gold px-4 py-2 font-semibold text-ink">
          Search
        </button>
      </form>
      {people.length === 0 ? (
        <p className="mt-6">Nobody matches this search.</p>
      ) : (
        <ScrollTable label="People" className="mt-6">
          <table className="w-full min-w-[36rem] text-left text-base">
            <thead className="border-b border-gold/30 text-gold">
              <tr>
                <th scope="col" className="px-3 py-2">
                  E-mail
                </th>
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                <th scope="col" className="px-3 py-2">
                  College
                </th>
                <th scope="col" className="px-3 py-2">
                  Role
                </th>
              </tr>
            </thead>
            <tbody>
              {people.map((p) => (
                <tr key={p.id} className="border-b border-white/10">
                  <td className="px-3 py-2 break-all">{p.email}</td>
                  <td className="px-3 py-2">{p.name}</td>
                  <td className="px-3 py-2">{p.college}</td>
                  <td className="px-3 py-2">
                    <RolePicker userId={p.id} email={p.email} role={p.role} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </main>
  );
}
