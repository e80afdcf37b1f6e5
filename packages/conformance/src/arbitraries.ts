// JSON Schema → fast-check: values a schema accepts (positive cases) and single, named violations of it (negative
// cases). Only the keywords the contract uses; readOnly properties never go into a request.
import fc from 'fast-check';
import type { Contract, Json, Schema } from './contract.ts';

const MAX_DEPTH = 6;

function typesOf(s: Schema): string[] {
  const t = s.type;
  if (Array.isArray(t)) return t.map(String);
  if (typeof t === 'string') return [t];
  if (s.properties || s.required) return ['object'];
  if (s.items) return ['array'];
  return [];
}

/** allOf folded into one schema ($refs resolved); good enough for the contract's object compositions. */
export function flatten(contract: Contract, schema: unknown): Schema {
  const s = contract.resolve(schema);
  const parts = s.allOf as unknown[] | undefined;
  if (!parts) return s;
  const out: Json = { ...s };
  delete out.allOf;
  const props: Json = { ...((s.properties as Json | undefined) ?? {}) };
  const required = new Set<string>((s.required as string[] | undefined) ?? []);
  for (const p of parts) {
    const f = flatten(contract, p);
    for (const [k, v] of Object.entries(f)) {
      if (k === 'properties') Object.assign(props, v as Json);
      else if (k === 'required') for (const r of v as string[]) required.add(r);
      else if (!(k in out)) out[k] = v;
    }
  }
  if (Object.keys(props).length > 0) out.properties = props;
  if (required.size > 0) out.required = [...required];
  if (!out.type && out.properties) out.type = 'object';
  return out;
}

/** The largest integer a JSON number keeps exactly (2^53 − 1): one more is the first integer beyond it. */
export const MAX_EXACT_INTEGER = Number.MAX_SAFE_INTEGER;

/**
 * Emails at the edge of `format: email`: every one is an email by that format (RFC 5321 syntax as JSON Schema
 * validators read it), and the first ones are also ordinary addresses any server takes, while the later ones are
 * what stricter server rules refuse (a `!`/`#` local part, a quote before the at-sign, a one-letter or numeric
 * top-level domain). A schema that states the server's stricter rule (`pattern`, `maxLength`) refuses those, so
 * they are only sent where the schema accepts them: a server refusing them there is a rule the contract hides.
 */
export const EDGE_EMAILS: readonly string[] = [
  "o'neil+tag@sub-domain.example.com",
  'a_b-c.d@x1.example',
  'x@example.museum',
  'a!b@example.com',
  'x#y@example.com',
  "quote'@example.com",
  'x@example.c',
  'x@example.c0m',
];

/** Emails the schema's own rule refuses just beyond its edge (negative cases, where the schema refuses them). */
export const NEAR_MISS_EMAILS: readonly string[] = [
  'a..b@example.com',
  '.a@example.com',
  'a@-example.com',
  'a@example-.com',
  'a b@example.com',
  'a@b@example.com',
  ...EDGE_EMAILS.slice(3),
];

/** An email of exactly `length` characters (local part ≤ 64, labels ≤ 63), or undefined when none fits. */
export function emailOfLength(length: number): string | undefined {
  const local = 'a'.repeat(Math.min(64, Math.max(1, length - 6)));
  let rest = length - local.length - 1 - 4; // '@' and the final '.com'
  if (rest < 1) return undefined;
  const labels: string[] = [];
  while (rest > 0) {
    const n = Math.min(63, rest);
    // A label followed by a dot needs one more character; never leave a one-character remainder of just a dot.
    if (labels.length > 0) rest -= 1;
    const take = Math.min(n, rest);
    if (take <= 0) break;
    labels.push('b'.repeat(take));
    rest -= take;
  }
  const email = `${local}@${labels.join('.')}.com`;
  return email.length === length ? email : undefined;
}

/** Strings at the edge of a required text: one visible character inside spaces, only spaces, the longest. */
function edgeStrings(min: number, max: number | undefined): string[] {
  const out = [' a ', 'a', ' '.repeat(Math.max(min, 1)), '\u00a0\t'];
  if (max !== undefined && max <= 4000) out.push('a'.repeat(max));
  return out;
}

function stringArb(s: Schema): fc.Arbitrary<string> {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const maxLength = typeof s.maxLength === 'number' ? s.maxLength : undefined;
  const max = Math.min(maxLength ?? 24, Math.max(min, 24));
  const fits = (v: string) =>
    v.length >= min &&
    v.length <= (maxLength ?? Infinity) &&
    (typeof s.pattern !== 'string' || new RegExp(s.pattern, 'u').test(v));
  if (s.format === 'email') {
    const plain = fc
      .tuple(
        fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/),
        fc.constantFrom('example.com', 'contoso.example', 'fabrikam.example'),
      )
      .map(([local, domain]) => `conf.${local}@${domain}`);
    const longest = maxLength !== undefined ? emailOfLength(maxLength) : undefined;
    const edges = [...EDGE_EMAILS, ...(longest ? [longest] : [])].filter(fits);
    // The edges often: a run of a few requests per operation meets them (the engine keeps what the schema accepts).
    return edges.length > 0
      ? fc.oneof({ arbitrary: plain, weight: 1 }, { arbitrary: fc.constantFrom(...edges), weight: 2 })
      : plain;
  }
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date(2020, 0, 1), max: new Date(2030, 0, 1), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (s.format === 'date')
    return fc
      .date({ min: new Date(2020, 0, 1), max: new Date(2030, 0, 1), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'uri' || s.format === 'uri-reference')
    return fc.constantFrom('https://example.com/a', '/dashboard');
  let inner: fc.Arbitrary<string>;
  if (typeof s.pattern === 'string') {
    const re = new RegExp(s.pattern, 'u');
    inner = fc.stringMatching(re).filter(fits);
  } else {
    // Printable ASCII: the contract's plain strings.
    inner = fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' });
  }
  // A required text also meets its edges: spaces around one character, only spaces (blank), the longest. A blank
  // the schema accepts is a positive case: a server refusing it has a rule (e.g. "not blank") the schema hides.
  const edges = min > 0 && s.format === undefined ? edgeStrings(min, maxLength).filter(fits) : [];
  return edges.length > 0
    ? fc.oneof({ arbitrary: inner, weight: 3 }, { arbitrary: fc.constantFrom(...edges), weight: 1 })
    : inner;
}

/**
 * Integers: mostly small values from the minimum up, plus the edges — the minimum, the declared maximum, and where
 * no maximum is declared the first integers a JSON number no longer keeps exactly (2^53 and beyond), which a
 * schema without `maximum` accepts and no server reading JSON numbers can honour.
 */
function integerArb(s: Schema): fc.Arbitrary<number> {
  const min =
    typeof s.minimum === 'number'
      ? s.minimum
      : typeof s.exclusiveMinimum === 'number'
        ? s.exclusiveMinimum + 1
        : 0;
  const declaredMax =
    typeof s.maximum === 'number'
      ? s.maximum
      : typeof s.exclusiveMaximum === 'number'
        ? s.exclusiveMaximum - 1
        : undefined;
  const top = Math.min(declaredMax ?? min + 100_000, min + 100_000);
  const inner = fc.bigInt({ min: BigInt(min), max: BigInt(Math.max(min, top)) }).map(Number);
  const edges = [
    min,
    declaredMax ?? MAX_EXACT_INTEGER + 1,
    ...(declaredMax === undefined ? [2 ** 53 + 2] : []),
  ];
  return fc.oneof({ arbitrary: inner, weight: 3 }, { arbitrary: fc.constantFrom(...edges), weight: 1 });
}

/** A value the schema accepts. */
export function valid(contract: Contract, schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const s = flatten(contract, schema);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(
      ...alternatives.map((a) =>
        valid(contract, { ...s, oneOf: undefined, anyOf: undefined, ...flatten(contract, a) }, depth + 1),
      ),
    );
  const types = typesOf(s);
  const arbs: fc.Arbitrary<unknown>[] = [];
  for (const t of types.filter((x) => x !== 'null')) {
    if (t === 'string') arbs.push(stringArb(s));
    else if (t === 'integer' || t === 'number') {
      const min =
        typeof s.minimum === 'number'
          ? s.minimum
          : typeof s.exclusiveMinimum === 'number'
            ? s.exclusiveMinimum + 1
            : 0;
      const max =
        typeof s.maximum === 'number'
          ? s.maximum
          : typeof s.exclusiveMaximum === 'number'
            ? s.exclusiveMaximum - 1
            : min + 100_000;
      arbs.push(
        t === 'integer' ? integerArb(s) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      );
    } else if (t === 'boolean') arbs.push(fc.boolean());
    else if (t === 'array') {
      if (depth > MAX_DEPTH) arbs.push(fc.constant([]));
      else
        arbs.push(
          fc.array(valid(contract, s.items ?? {}, depth + 1), {
            minLength: typeof s.minItems === 'number' ? s.minItems : 0,
            maxLength: Math.min(typeof s.maxItems === 'number' ? s.maxItems : 3, 3),
          }),
        );
    } else if (t === 'object') arbs.push(objectArb(contract, s, depth));
  }
  if (arbs.length === 0) arbs.push(types.includes('null') ? fc.constant(null) : fc.constant('x'));
  const nullable = types.includes('null');
  // Null is one value among many: give it a fair share without drowning the others.
  return nullable
    ? fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, ...arbs.map((a) => ({ arbitrary: a, weight: 3 })))
    : fc.oneof(...arbs);
}

function objectArb(contract: Contract, s: Schema, depth: number): fc.Arbitrary<unknown> {
  const props = writableProperties(contract, s);
  const required = new Set((s.required as string[] | undefined) ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) model[k] = valid(contract, v, depth + 1);
  if (Object.keys(model).length === 0) {
    const extra = s.additionalProperties;
    if (extra && typeof extra === 'object')
      return fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), valid(contract, extra, depth + 1), {
        maxKeys: 2,
      });
    return fc.constant({});
  }
  return fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
}

export function writableProperties(contract: Contract, s: Schema): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [k, v] of Object.entries((s.properties as Json | undefined) ?? {})) {
    const r = flatten(contract, v);
    if (r.readOnly === true) continue;
    out[k] = v as Schema;
  }
  return out;
}

/** One way of breaking a request part, with the name the report uses. */
export interface Violation {
  name: string;
  value: unknown;
}

/** Values the schema refuses (each one keyword broken), for a value the schema accepts. */
export function violations(contract: Contract, schema: unknown, sample: unknown): Violation[] {
  const s = flatten(contract, schema);
  const types = typesOf(s);
  const out: Violation[] = [];
  if (Array.isArray(s.enum)) out.push({ name: 'value outside enum', value: '__not_in_enum__' });
  if (types.includes('string') && !Array.isArray(s.enum)) {
    const re = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : undefined;
    if (s.format === 'email') {
      // Just beyond the edge: one character too long (still an address), not an address, beyond the stated rule.
      const long = typeof s.maxLength === 'number' ? emailOfLength(s.maxLength + 1) : undefined;
      if (long) out.push({ name: 'email above maxLength', value: long });
      out.push({ name: 'email not an address', value: NEAR_MISS_EMAILS[0] });
      const beyond = re ? EDGE_EMAILS.find((v) => !re.test(v)) : undefined;
      if (beyond !== undefined) out.push({ name: 'email against the stated rule', value: beyond });
    } else if (typeof s.maxLength === 'number')
      out.push({ name: 'string above maxLength', value: 'a'.repeat(s.maxLength + 1) });
    if (typeof s.minLength === 'number' && s.minLength > 0)
      out.push({ name: 'string below minLength', value: '' });
    if (re && s.format !== 'email') {
      const bad = ['\u0000', 'a\u202Eb', '\u0007bell', '<>', '%%'].find((v) => !re.test(v));
      if (bad !== undefined) out.push({ name: 'string against pattern', value: bad });
      // A blank text (spaces only) where the schema requires a visible character.
      const blank = ' '.repeat(Math.max(typeof s.minLength === 'number' ? s.minLength : 1, 3));
      if (!re.test(blank) && (typeof s.maxLength !== 'number' || blank.length <= s.maxLength))
        out.push({ name: 'blank string', value: blank });
    }
  }
  if ((types.includes('integer') || types.includes('number')) && !types.includes('string')) {
    out.push({ name: 'number as text', value: 'not-a-number' });
    if (typeof s.maximum === 'number') out.push({ name: 'number above maximum', value: s.maximum + 1 });
    if (typeof s.minimum === 'number') out.push({ name: 'number below minimum', value: s.minimum - 1 });
    if (types.includes('integer')) out.push({ name: 'fraction for integer', value: 1.5 });
  }
  if (types.includes('boolean') && !types.includes('string'))
    out.push({ name: 'boolean as text', value: 'maybe' });
  if (types.includes('array')) {
    out.push({ name: 'object for array', value: { not: 'an array' } });
    if (typeof s.minItems === 'number' && s.minItems > 0)
      out.push({ name: 'array below minItems', value: [] });
  }
  if (types.includes('object') && sample !== null && typeof sample === 'object' && !Array.isArray(sample)) {
    out.push({ name: 'array for object', value: [1, 2] });
    const props = writableProperties(contract, s);
    for (const r of (s.required as string[] | undefined) ?? []) {
      if (!(r in props)) continue;
      const copy = Object.fromEntries(Object.entries(sample as Json).filter(([k]) => k !== r));
      out.push({ name: `required ${r} missing`, value: copy });
    }
    for (const [k, v] of Object.entries(props)) {
      const current = (sample as Json)[k];
      for (const inner of violations(contract, v, current)) {
        if (inner.name.startsWith('required') || inner.name === 'array for object') continue;
        out.push({ name: `${k}: ${inner.name}`, value: { ...(sample as Json), [k]: inner.value } });
      }
    }
  }
  return out;
}
