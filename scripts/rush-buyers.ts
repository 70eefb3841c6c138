// The buyers of a purchase rush and what they buy, made straight in the database, and what the database says
// afterwards: shared by `npm run bench:rush` (scripts/bench-rush.ts), `npm run drill:restore`
// (scripts/drill-restore.ts) and `npm run drill:failover` (scripts/drill-failover.ts).
import crypto from 'node:crypto';
import type postgres from 'postgres';
import { signToken } from '@/lib/server/auth/jwt';
import type { Kind, Stock } from './rush-stats';

export type Sql = ReturnType<typeof postgres>;

export interface Buyer {
  id: string;
  email: string;
  token: string;
  /** The URL of the identity proof the accommodation checkout sends (the upload row is made beforehand). */
  proofUrl: string;
}

/** What the buyers race for: one T-shirt size and one stay option, with their prices in rupees. */
export interface Targets {
  variant: { id: number; label: string; price: number };
  stay: { id: number; label: string; price: number };
}

/** The first size of the first product and the first option of the first priced stay type, as sold. */
export async function chooseTargets(sql: Sql): Promise<Targets> {
  const [variant] = await sql<{ id: number; type: string; name: string; price_paise: number }[]>`
    select v.id, v.type, p.name, p.price_paise from merchandise_variants v
    join merchandise_products p on p.id = v.product_id
    where p.is_visible and v.is_enabled
    order by p.position, p.id, v.position, v.id limit 1`;
  const [stay] = await sql<{ id: number; type: string; start_date: string; days: number; price: number }[]>`
    select o.id, t.accommodation_type as type, o.start_date::text, o.days, t.price_per_night as price
    from accommodation_options o join accommodation_types t on t.id = o.type_id
    where t.is_visible and o.is_visible and t.price_per_night is not null
    order by t.position, t.id, o.position, o.id limit 1`;
  if (!variant || !stay) throw new Error('The seeded database has no T-shirt size or priced stay on sale.');
  return {
    variant: {
      id: variant.id,
      label: `${variant.name}, size ${variant.type}`,
      price: variant.price_paise / 100,
    },
    stay: {
      id: stay.id,
      label: `${stay.type} from ${stay.start_date}, ${stay.days} night(s)`,
      price: stay.price * stay.days,
    },
  };
}

/** Exactly `units` of each target, none sold yet (the database is fresh, but the seed has its own figures). */
export async function setStock(sql: Sql, targets: Targets, units: number): Promise<void> {
  await sql`update merchandise_variants set stock = ${units}, sold = 0 where id = ${targets.variant.id}`;
  await sql`update accommodation_options set capacity = ${units}, booked = 0 where id = ${targets.stay.id}`;
}

/**
 * M verified accounts and an identity proof each, inserted in batches, with a token minted by the app's own
 * signToken (the claims the server checks: user id, role and token version). The password hash is not a
 * valid one, so nobody can log in as a buyer; the benchmark never needs to.
 */
export async function createBuyers(sql: Sql, count: number): Promise<Buyer[]> {
  const run = crypto.randomBytes(3).toString('hex');
  const buyers: Buyer[] = [];
  for (let from = 0; from < count; from += 500) {
    const users = [];
    const proofs = [];
    for (let i = from; i < Math.min(count, from + 500); i += 1) {
      const id = crypto.randomUUID();
      const email = `rush.${run}.${i}@example.com`;
      users.push({
        id,
        email,
        password_hash: 'bench-rush:no-login',
        first_name: 'Rush',
        last_name: `Buyer ${i}`,
        phone_number: '9876543210',
        dob: '2000-01-01',
        gender: 'other',
        college: 'Benchmark College',
        role: 'user',
        verified: true,
        token_version: 0,
      });
      const proofId = crypto.randomUUID();
      proofs.push({
        id: proofId,
        owner_user_id: id,
        purpose: 'identity_proof',
        content_type: 'image/png',
        size_bytes: 68,
        storage_key: `bench-rush/${proofId}.png`,
        original_name: 'id-proof.png',
      });
      const token = await signToken({ userId: id, email, role: 'user', tv: 0 });
      buyers.push({ id, email, token, proofUrl: `/api/uploads/${proofId}` });
    }
    await sql`insert into users ${sql(users)}`;
    await sql`insert into uploads ${sql(proofs)}`;
  }
  return buyers;
}

// ---------- what the database says afterwards ----------

/**
 * Units in confirmed sales and orders paid without an outcome, per kind. "Paid without outcome": left in
 * state paid, or captured at the sandbox (and not refunded there) without being fulfilled, so the buyer
 * has paid and has neither the purchase nor the money back.
 */
export async function stockAfter(
  sql: Sql,
  targets: Targets,
): Promise<Record<Kind, Stock> & { counters: string[] }> {
  const [merch] = await sql<{ stock: number; sold: number; counter: number }[]>`
    select v.stock, v.sold as counter, coalesce((
      select sum(l.qty) from merchandise_order_lines l join merchandise_orders o on o.id = l.order_id
      where o.status = 'confirmed' and l.variant_id = v.id), 0)::int as sold
    from merchandise_variants v where v.id = ${targets.variant.id}`;
  const [stay] = await sql<{ stock: number; sold: number; counter: number }[]>`
    select o.capacity as stock, o.booked as counter, (
      select count(*) from accommodation_bookings b where b.status = 'confirmed' and b.option_id = o.id)::int as sold
    from accommodation_options o where o.id = ${targets.stay.id}`;
  const stuck = await sql<{ purpose: Kind; count: number }[]>`
    select p.purpose, count(*)::int as count from payment_orders p
    where p.state = 'paid' or (p.state <> 'fulfilled' and exists (
      select 1 from sandbox_records s where s.kind = 'payment' and s.order_id = p.provider_order_id
      and s.data->>'status' = 'captured' and (s.data->>'amount_refunded')::int < (s.data->>'amount')::int))
    group by p.purpose`;
  const stuckOf = (kind: Kind) => stuck.find((r) => r.purpose === kind)?.count ?? 0;
  const counters: string[] = [];
  // The counters the app keeps beside the records must agree with them.
  if (merch!.counter !== merch!.sold)
    counters.push(`T-shirt counter says ${merch!.counter} sold, records ${merch!.sold}`);
  if (stay!.counter !== stay!.sold)
    counters.push(`stay counter says ${stay!.counter} booked, records ${stay!.sold}`);
  return {
    merchandise: { stock: merch!.stock, sold: merch!.sold, paidWithoutOutcome: stuckOf('merchandise') },
    accommodation: { stock: stay!.stock, sold: stay!.sold, paidWithoutOutcome: stuckOf('accommodation') },
    counters,
  };
}

export async function orderStates(sql: Sql): Promise<string> {
  const rows = await sql<{ purpose: string; state: string; count: number }[]>`
    select purpose, state, count(*)::int as count from payment_orders group by 1, 2 order by 1, 2`;
  return rows.map((r) => `${r.purpose} ${r.state}: ${r.count}`).join(', ');
}
