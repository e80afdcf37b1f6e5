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

function stringArb(s: Schema): fc.Arbitrary<string> {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = Math.min(typeof s.maxLength === 'number' ? s.maxLength : 24, Math.max(min, 24));
  if (s.format === 'email')
    return fc
      .tuple(
        fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/),
        fc.constantFrom('example.com', 'contoso.example', 'fabrikam.example'),
      )
      .map(([local, domain]) => `conf.${local}@${domain}`);
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
  if (typeof s.pattern === 'string') {
    const re = new RegExp(s.pattern, 'u');
    return fc
      .stringMatching(re)
      .filter(
        (v) =>
          v.length >= min &&
          v.length <= (typeof s.maxLength === 'number' ? s.maxLength : Infinity) &&
          (min === 0 || v.trim().length >= min),
      );
  }
  // Printable ASCII: the contract's plain strings; at least one visible character where one is required.
  return fc
    .string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' })
    .filter((v) => min === 0 || v.trim().length >= min);
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
        t === 'integer'
          ? fc.integer({ min, max })
          : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
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
    if (typeof s.maxLength === 'number')
      out.push({ name: 'string above maxLength', value: 'a'.repeat(s.maxLength + 1) });
    if (typeof s.minLength === 'number' && s.minLength > 0)
      out.push({ name: 'string below minLength', value: '' });
    if (typeof s.pattern === 'string') {
      const re = new RegExp(s.pattern, 'u');
      const bad = ['\u0000', 'a\u202Eb', '\u0007bell', '<>', '%%'].find((v) => !re.test(v));
      if (bad !== undefined) out.push({ name: 'string against pattern', value: bad });
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
