import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries for the values a zod 4 schema accepts, built by walking its definition
 * (`schema._zod.def`). "Accepts" loosely: refinements (a real date, a link) and transforms are opaque, so
 * some values still fail them; that is fine for fuzzing, which wants values near the edge either way.
 * Field names add likely values (an e-mail field gets the fuzzer's accounts' addresses) so that requests
 * reach past validation into the services, where the interesting failures are.
 */

/** Values from the database that make a request name something real. */
export interface Known {
  emails: string[];
  uuids: string[];
  /** The password of the fuzzer's accounts, so a login can succeed. */
  password: string;
}

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  coerce?: boolean;
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
}

interface CheckDef {
  check: string;
  format?: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  pattern?: RegExp;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((check) => check._zod.def);

/** Short texts, with letters of several scripts: what a form sends, and what a careless one might. */
function someText(min: number, max: number): fc.Arbitrary<string> {
  const maxLength = Math.max(min, Math.min(max, 40));
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength, unit: 'grapheme-ascii' }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength, unit: 'grapheme' }) },
    // Up to the limit itself, where off-by-one mistakes live.
    {
      weight: 1,
      arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 5000), unit: 'grapheme-ascii' }),
    },
  );
}

/** An address the fuzzer's accounts have, or a plain new one (fc.emailAddress's are often too odd for zod). */
function email(known: Known): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known.emails) },
    { weight: 2, arbitrary: fc.stringMatching(/^[a-z0-9]{1,12}@example\.com$/) },
    { weight: 1, arbitrary: fc.emailAddress() },
  );
}

const calendarDay = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** Likely values by field name, for the fields whose schema cannot say (a transform hides a link rule). */
function byName(key: string, known: Known): fc.Arbitrary<unknown> | undefined {
  if (/emails?$/i.test(key))
    return /emails$/i.test(key) ? fc.array(email(known), { minLength: 1, maxLength: 4 }) : email(known);
  if (/url$/i.test(key)) {
    return fc.oneof(
      fc.constantFrom('/images/events/robot-arena.svg', 'https://example.com/a.png', '/api/uploads/x'),
      fc.webUrl(),
    );
  }
  if (/PhoneNo$/.test(key)) return fc.stringMatching(/^\+?[0-9][0-9 -]{5,18}[0-9]$/);
  if (/price/i.test(key)) return fc.integer({ min: 1, max: 5_000 });
  if (key === 'startsAt') {
    return fc.oneof(
      calendarDay.map((d) => `${d}T10:00`),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    );
  }
  if (/^(night|startDate)$/.test(key)) return calendarDay;
  if (key === 'DOB')
    return fc
      .date({ min: new Date('1950-01-01'), max: new Date('2008-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (key === 'password') return fc.constant(known.password);
  if (key === 'userId') return fc.oneof(fc.constantFrom(...known.uuids), fc.uuid());
  return undefined;
}

function stringArbitrary(def: Def, known: Known): fc.Arbitrary<string> {
  const checks = checksOf(def);
  let min = 0;
  let max = 200;
  let pattern: RegExp | undefined;
  let format = def.format;
  for (const check of checks) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum ?? 0);
    if (check.check === 'max_length') max = Math.min(max, check.maximum ?? max);
    if (check.check === 'length_equals') min = max = check.value ?? min;
    if (check.check === 'string_format') {
      format = check.format;
      pattern = check.pattern;
    }
  }
  if (format === 'email') return email(known);
  if (format === 'uuid' || format === 'guid') return fc.oneof(fc.constantFrom(...known.uuids), fc.uuid());
  if (format === 'date') return calendarDay;
  if (format === 'datetime') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (pattern) return fc.stringMatching(pattern);
  return someText(min, max);
}

const int32 = (n: number) => Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, n));

function numberArbitrary(def: Def): fc.Arbitrary<number | string> {
  // Unbounded means the safe integers (what z.int() allows): a column is an int4 far below that.
  let min = Number.MIN_SAFE_INTEGER;
  let max = Number.MAX_SAFE_INTEGER;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than')
      min = (check.value ?? min) + (check.inclusive ? 0 : integer ? 1 : 0.01);
    if (check.check === 'less_than') max = (check.value ?? max) - (check.inclusive ? 0 : integer ? 1 : 0.01);
    if (check.check === 'number_format') {
      integer = /int/.test(check.format ?? '');
      // A bound read before the format was known may be fractional.
      min = Math.ceil(min);
      max = Math.floor(max);
    }
  }
  // Row ids are small serials: bias toward them so a request names an existing event, product or option.
  const small = fc.integer({ min: Math.max(min, Math.min(1, max)), max: Math.min(max, Math.max(min, 30)) });
  const any = integer
    ? fc.integer({ min: int32(Math.ceil(min)), max: int32(Math.floor(max)) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  // The bounds themselves, where an unchecked limit (an id past the column's range) shows.
  const edges = fc.constantFrom(integer ? Math.ceil(min) : min, integer ? Math.floor(max) : max);
  const value = fc.oneof(
    { weight: 3, arbitrary: small },
    { weight: 1, arbitrary: any },
    { weight: 1, arbitrary: edges },
  );
  // A coerced number is what a form sends as text.
  return def.coerce ? fc.oneof(value, value.map(String)) : value;
}

/** An arbitrary for values `schema` (probably) accepts. */
export function valueFor(schema: z.ZodType, known: Known, key = ''): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const hinted = key ? byName(key, known) : undefined;
  const structural = structuralValueFor(def, known, key);
  return hinted
    ? fc.oneof({ weight: 3, arbitrary: hinted }, { weight: 1, arbitrary: structural })
    : structural;
}

function structuralValueFor(def: Def, known: Known, key: string): fc.Arbitrary<unknown> {
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, known);
    case 'number':
    case 'int':
      return numberArbitrary(def);
    case 'boolean':
      return def.coerce ? fc.oneof(fc.boolean(), fc.constantFrom('true', 'false')) : fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'null':
      return fc.constant(null);
    case 'object': {
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, field] of Object.entries(def.shape ?? {})) shape[name] = valueFor(field, known, name);
      // Optional fields come as undefined, which JSON leaves out: "missing" as a form would omit it.
      return fc.record(shape);
    }
    case 'array': {
      let min = 0;
      let max = 4;
      for (const check of checksOf(def)) {
        if (check.check === 'min_length') min = check.minimum ?? 0;
        if (check.check === 'max_length') max = Math.min(max, check.maximum ?? max);
      }
      return fc.array(valueFor(def.element as z.ZodType, known), {
        minLength: min,
        maxLength: Math.max(min, max),
      });
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => valueFor(option, known, key)));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(valueFor(def.innerType as z.ZodType, known, key), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(valueFor(def.innerType as z.ZodType, known, key), { nil: null, freq: 4 });
    case 'pipe': {
      // A transform's input is what is sent; a pipe into a stricter schema (an e-mail) says more.
      const out = def.out as z.ZodType;
      return valueFor(defOf(out).type === 'transform' ? (def.in as z.ZodType) : out, known, key);
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
