import fc from 'fast-check';

/**
 * Ways to spoil a valid payload: a wrong type, an odd number or string, a missing or extra field, at any
 * spot of the value. None of the strings below may contain what the leak check looks for (SQL words,
 * paths), since lists and CSV exports answer with what earlier requests stored.
 */

const nul = '\u0000';

/** Texts that have broken parsers, databases and renderers before. */
export const oddStrings = [
  '',
  ' ',
  '\t\n\r',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '__proto__',
  `a${nul}b`,
  nul,
  '\ud800', // a lone surrogate: not valid UTF-8 once encoded
  '\udfff\ud800',
  '\u202eevil\u202c', // right-to-left override
  'e\u0301\u0301\u0301\u0301', // stacked combining marks
  '\u200b\u200c\u200d\ufeff', // zero-width characters and a byte-order mark
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  'ǅ ß ﬁ İ ı', // letters whose case mapping changes their length
  '\u0085\u2028\u2029', // line separators JSON allows and JavaScript once did not
  '\x01\x02\x1b[31m',
  "' or '1'='1",
  '1; drop table users --',
  '$1',
  '%00',
  '%s%s%s%n',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  'javascript:alert(1)',
  '//evil.example/x.png',
  'data:image/png;base64,AAAA',
  '1e309',
  '-0',
  '0x10',
  '٣', // an Arabic-Indic digit
  '1_000',
  'NaN',
  'Infinity',
  '2027-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59+99:99',
  '2027-02-21T10:00:00.123456789Z',
  'a'.repeat(255),
  'a'.repeat(10_000),
  `${'x'.repeat(40_000)}@example.com`,
];

export const oddNumbers = [
  0,
  -0,
  -1,
  0.5,
  -0.5,
  1.5,
  1e-300,
  5e-324,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  1e21, // String(1e21) is "1e+21"
  1.7976931348623157e308,
  -1.7976931348623157e308,
];

/** Levels of nesting: recursion over a parsed body must not run out of stack. */
const deeplyNested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = i % 2 ? { a: value } : [value];
  return value;
};

/** Any value of the wrong kind, from a null to an array far longer than any form sends. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': null }),
  fc.constantFrom(...oddStrings),
  fc.constantFrom(...oddNumbers),
  fc.double(),
  fc.integer(),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.jsonValue({ maxDepth: 3 }),
  // Big arrays: the longest stays under the 64 KB body cap, so the schema, not the cap, must refuse it.
  fc.constantFrom(1_000, 20_000).map((n) => Array.from({ length: n }, (_, i) => i % 7)),
  fc.constantFrom(500, 5_000).map((n) => Array.from({ length: n }, () => 'x@example.com')),
  // Deeper nesting is sent as raw JSON (malformedJson): a value this deep is also cloned and walked here.
  fc.constantFrom(10, 500).map(deeplyNested),
);

/** Field names a client has no business sending, some probing for mass assignment. */
const oddKeys = [
  '__proto__',
  'constructor',
  'prototype',
  '',
  `a${nul}`,
  '😀',
  'k'.repeat(2_000),
  'id',
  'role',
  'verified',
  'userId',
  'tokenVersion',
  'state',
  'amountPaise',
  'createdAt',
];

/** Characters that break code assuming ASCII, valid UTF-8 or text without control characters. */
export const oddCharacters = [
  nul,
  '\ud800',
  '\u202e',
  '\u0301',
  '\ufeff',
  '😀',
  '\n',
  '\\',
  '"',
  "'",
  '%',
  'ß',
];

export type Mutation =
  | { op: 'replace'; at: number; value: unknown }
  /** One odd character put into a text (or in place of a value that is not one), the rest kept valid. */
  | { op: 'inject'; at: number; char: string; position: number }
  | { op: 'drop'; at: number }
  | { op: 'add'; at: number; key: string; value: unknown };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('replace' as const), at: fc.nat(), value: oddValue }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('inject' as const),
      at: fc.nat(),
      char: fc.constantFrom(...oddCharacters),
      position: fc.nat(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('drop' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      at: fc.nat(),
      key: fc.oneof(fc.constantFrom(...oddKeys), fc.string({ maxLength: 12 })),
      value: fc.oneof(oddValue, fc.constantFrom<unknown>('admin', 'paid', 1, true)),
    }),
  },
);

type Spot = { parent: Record<string, unknown> | unknown[] | null; key: string | number };

/** Every place in a JSON value: the root (no parent) and each field or item, depth first. */
function spotsOf(value: unknown, parent: Spot['parent'] = null, key: Spot['key'] = ''): Spot[] {
  const spots: Spot[] = [{ parent, key }];
  if (Array.isArray(value)) value.forEach((item, i) => spots.push(...spotsOf(item, value, i)));
  else if (value !== null && typeof value === 'object') {
    for (const [k, item] of Object.entries(value))
      spots.push(...spotsOf(item, value as Record<string, unknown>, k));
  }
  return spots;
}

/** `value` with one mutation applied (to a copy); the spot is `at` modulo the number of spots. */
export function applyMutation(value: unknown, change: Mutation): unknown {
  const root = { value: structuredClone(value) as unknown };
  const spots = spotsOf(root.value, root as unknown as Record<string, unknown>, 'value');
  const spot = spots[change.at % spots.length] as Spot;
  const container = spot.parent as Record<string | number, unknown>;
  if (change.op === 'replace') container[spot.key] = change.value;
  if (change.op === 'inject') {
    const text = container[spot.key];
    if (typeof text !== 'string') container[spot.key] = change.char;
    else {
      const at = change.position % (text.length + 1);
      container[spot.key] = text.slice(0, at) + change.char + text.slice(at);
    }
  }
  if (change.op === 'drop') {
    if (Array.isArray(container)) container.splice(spot.key as number, 1);
    else delete container[spot.key];
  }
  if (change.op === 'add') {
    const target = container[spot.key];
    if (Array.isArray(target)) target.push(change.value);
    else if (target !== null && typeof target === 'object') {
      // defineProperty, so a key named __proto__ becomes a real field of the JSON and not a prototype.
      Object.defineProperty(target, change.key, { value: change.value, enumerable: true, writable: true });
    } else container[spot.key] = { [change.key]: change.value };
  }
  return root.value;
}

/** Bodies that are not JSON, or JSON of a shape no route takes. */
export function malformedJson(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '{',
      '}',
      '{"a":1,}',
      "{'a':1}",
      '{"a":undefined}',
      '{"a":NaN}',
      '{"a":1}{"a":2}',
      '\ufeff{}',
      'null',
      '[]',
      '"text"',
      '42',
      '-',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '{"__proto__":{"role":"admin"}}',
      `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
      `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
      `{"a":${'1'.repeat(30_000)}}`,
    ),
    // A valid body cut short, as a dropped connection leaves it.
    fc.nat().map((n) => valid.slice(0, n % Math.max(valid.length, 1))),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
}
