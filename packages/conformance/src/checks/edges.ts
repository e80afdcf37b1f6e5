// Check class "edges": values built to break servers, in every string parameter and body field, and integers on
// both sides of every bound. Strings: quotes, apostrophes (`it's`, the classic of an SQL or search string built by
// hand), backslashes and escape look-alikes, control characters (never NUL), combining marks, right-to-left marks,
// emoji and other astral characters, markup, LIKE wildcards, and very long strings — exactly the schema's
// maxLength and one beyond (or long ones where it sets none). Integers: the minimum and the maximum, one beyond each,
// and where no bound is set, values beyond ±2^53 (no JSON number keeps them exactly; a server reading them must
// not fail). Each value replaces one part of a valid request, by the first signed-in caller; whether the contract
// accepts the value decides what is expected: accepted → not refused as malformed (`positive-accepted`; an id at a
// bound names nothing the server has, so its refusal is not judged), refused → a declared 4xx (`negative-refused`).
// Any 5xx is a disagreement (`server-error`), whatever the value; every answer goes through ./responses.ts.
import { flatten } from '../arbitraries.ts';
import type { Json, Operation, Schema } from '../contract.ts';
import type { Run, OperationCases } from '../types.ts';
import { requestOf, type BuiltRequest } from '../http.ts';
import { checkRefusalKey } from './envelope.ts';
import { ACCOUNT_OPS, checkNotMalformed } from './positive.ts';
import { isIdLike, NOT_CREATABLE, recordStep } from './stateful.ts';

/**
 * The hostile strings, each a named hazard (the name goes into the finding). The first is always sent; the others are
 * a seeded sample of `hostile` per string (all of them when `hostile` is at least their number).
 */
export const HOSTILE_STRINGS: readonly { name: string; value: string }[] = [
  { name: 'apostrophe', value: "O'Brien's it's" },
  { name: 'quotes', value: `"double" 'single' \`back\` “curly” ‘curly’` },
  { name: 'backslashes', value: 'back\\slash \\\\ \\n \\u0000 \\"' },
  { name: 'control characters', value: 'ctl\u0001\u0007\b\t\n\r\u000b\u000c\u001b\u007f\u0085end' },
  { name: 'combining marks', value: 'e\u0301\u0308 Z\u0338\u0322\u0353 a\u0300\u0300\u0300' },
  {
    name: 'right-to-left marks',
    value: '\u202Eabc\u202C \u200F\u05E9\u05DC\u05D5\u05DD\u200E \u2066x\u2069',
  },
  { name: 'emoji and astral characters', value: '😀 👩‍👩‍👧 𝕳𝖊𝖑𝖑𝖔 \u{10FFFD}' },
  { name: 'markup', value: '<script>alert(1)</script>&amp;<b x="y">' },
  { name: 'SQL and LIKE wildcards', value: "' OR '1'='1' -- %_[]^ 100%" },
  { name: 'percent escapes and separators', value: '%00 %zz ../../etc ?a=1&b=2#frag ;,/' },
  { name: 'zero-width and odd spaces', value: 'a\u200Bb\u200Dc\uFEFFd\u00A0e\u2028f\u3000g' },
];

/** A long hostile string of exactly `n` code points (BMP only, so code points and UTF-16 units agree). */
export function longHostile(n: number): string {
  const unit = `a'"\\<é\u05D0\u0301 `;
  return unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
}

/** Where no maxLength is set: long strings a server must not fail on (parameters travel in the URL, kept shorter). */
const LONG_IN_URL = 2000;
const LONG_IN_BODY = 20_000;

/** The extremes beyond ±2^53 (no JSON number keeps them exactly). */
export const BEYOND_EXACT = [2 ** 53 + 2, -(2 ** 53 + 2)];

interface Slot {
  /** `query x` / `path x` / `body a.b`: the part of the request. */
  name: string;
  /** The parameter's or property's own name. */
  key: string;
  schema: Schema;
  set: (req: BuiltRequest, value: unknown) => BuiltRequest;
  inUrl: boolean;
}

interface EdgeValue {
  name: string;
  value: unknown;
}

/** The strings of one string part: the apostrophe, a seeded sample of the other hazards, the long ones. */
export function stringEdges(
  s: Schema,
  count: number,
  pick: (length: number, count: number) => number[],
  inUrl: boolean,
): EdgeValue[] {
  const [first, ...rest] = HOSTILE_STRINGS;
  const out: EdgeValue[] = first ? [first] : [];
  for (const i of pick(rest.length, Math.max(0, count - 1))) {
    const h = rest[i];
    if (h) out.push(h);
  }
  if (typeof s.maxLength === 'number') {
    if (s.maxLength <= LONG_IN_BODY) {
      out.push({ name: `long string at maxLength ${String(s.maxLength)}`, value: longHostile(s.maxLength) });
      out.push({
        name: `long string beyond maxLength ${String(s.maxLength)}`,
        value: longHostile(s.maxLength + 1),
      });
    }
  } else {
    const n = inUrl ? LONG_IN_URL : LONG_IN_BODY;
    out.push({ name: `long string of ${String(n)} characters`, value: longHostile(n) });
  }
  return out;
}

/** The integers of one integer part: both sides of each bound; beyond ±2^53 where no bound is set. */
export function integerEdges(s: Schema): EdgeValue[] {
  const out: EdgeValue[] = [];
  const min =
    typeof s.minimum === 'number'
      ? s.minimum
      : typeof s.exclusiveMinimum === 'number'
        ? s.exclusiveMinimum + 1
        : undefined;
  const max =
    typeof s.maximum === 'number'
      ? s.maximum
      : typeof s.exclusiveMaximum === 'number'
        ? s.exclusiveMaximum - 1
        : undefined;
  if (min !== undefined)
    out.push(
      { name: `minimum ${String(min)}`, value: min },
      { name: `below minimum ${String(min)}`, value: min - 1 },
    );
  else out.push({ name: 'beyond -2^53 (no minimum)', value: BEYOND_EXACT[1] });
  if (max !== undefined)
    out.push(
      { name: `maximum ${String(max)}`, value: max },
      { name: `above maximum ${String(max)}`, value: max + 1 },
    );
  else out.push({ name: 'beyond 2^53 (no maximum)', value: BEYOND_EXACT[0] });
  return out;
}

function typesOf(s: Schema): string[] {
  return Array.isArray(s.type) ? s.type.map(String) : typeof s.type === 'string' ? [s.type] : [];
}

/** The string and integer parts of an operation's request (parameters, body properties one object deep). */
function slots(run: Run, op: Operation, base: BuiltRequest): Slot[] {
  const out: Slot[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    const key = `${p.in}:${p.name}`;
    // Optional parameters the sample left out are given one (each part gets its edges).
    out.push({
      name: `${p.in} ${p.name}`,
      key: p.name,
      schema: flatten(run.contract, p.schema),
      inUrl: true,
      set: (req, value) => run.build(op, { ...req.values, [key]: value }, req.mediaType, req.body),
    });
  }
  const [mediaType] = Object.keys(op.body);
  const body = base.body;
  if (mediaType && body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const schema = flatten(run.contract, op.body[mediaType]);
    const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const [k, raw] of Object.entries(props)) {
      const ps = flatten(run.contract, raw);
      if (ps.readOnly === true || ps.format === 'binary') continue;
      out.push({
        name: `body ${k}`,
        key: k,
        schema: ps,
        inUrl: false,
        set: (req, value) => run.build(op, req.values, req.mediaType, { ...(req.body as Json), [k]: value }),
      });
      const inner = (ps.properties as Record<string, Schema> | undefined) ?? {};
      if (!mediaType.includes('json') || typesOf(ps).includes('array')) continue;
      for (const [k2, raw2] of Object.entries(inner)) {
        const ps2 = flatten(run.contract, raw2);
        if (ps2.readOnly === true) continue;
        out.push({
          name: `body ${k}.${k2}`,
          key: k2,
          schema: ps2,
          inUrl: false,
          set: (req, value) => {
            const b = req.body as Json;
            const cur = b[k] !== null && typeof b[k] === 'object' ? (b[k] as Json) : {};
            return run.build(op, req.values, req.mediaType, { ...b, [k]: { ...cur, [k2]: value } });
          },
        });
      }
    }
  }
  return out;
}

export const edgeCases: OperationCases = async (run, op, session, result, seed) => {
  if (run.opts.hostile <= 0) return;
  // The caller's own account is not changed unless asked; a promo site never (no run creates one).
  if (op.write && ACCOUNT_OPS.has(op.operationId) && !run.opts.accountWrites) return;
  if (!op.anonymous && !session.cookie) return;
  const ids = op.write ? (NOT_CREATABLE[op.operationId] ? 'absent' : 'owned') : 'any';
  const owned = run.sample(op, seed, ids);
  const base = owned ?? run.sample(op, seed, 'absent');
  if (!base) return;
  // With ids that cannot exist the cases are counted as negative ones (they change nothing real).
  const absent = ids === 'absent' || owned === undefined;
  let index = 0;
  for (const slot of slots(run, op, base)) {
    index++;
    const types = typesOf(slot.schema);
    if ('const' in slot.schema || Array.isArray(slot.schema.enum)) continue;
    const values: EdgeValue[] = [];
    if (types.includes('string'))
      values.push(
        ...stringEdges(slot.schema, run.opts.hostile, (l, c) => run.pick(l, c, seed + index), slot.inUrl),
      );
    else if (types.includes('integer')) values.push(...integerEdges(slot.schema));
    for (const v of values) {
      const req = slot.set(base, v.value);
      // The other parts are those of a request the contract accepts: the value decides.
      const accepts = run.validator(op, `edge ${slot.name}`, 'value', slot.schema)(v.value);
      const r = await run.sendRequest(req, session);
      result.requests++;
      const kind = accepts ? 'positive' : 'negative';
      result.exercised[absent ? 'negative' : kind]++;
      const sentReq = requestOf(req);
      run.checkAnswer(op, session, r, sentReq, kind, result);
      const find = run.finder(result, op, session, kind, sentReq, r);
      if (accepts) {
        recordStep(run, op, session, r, req.owned);
        // An id at a bound names nothing the server has: refused like any unknown id, whatever the status.
        if (!isIdLike(op, slot.key)) checkNotMalformed(r, find, `${slot.name}: ${v.name}`);
      } else if (r.status < 400)
        find(
          'negative-refused',
          `a request the contract refuses (${slot.name}: ${v.name}) was answered ${String(r.status)}`,
          r.status,
        );
      else checkRefusalKey(run, op, r, `${slot.name}: ${v.name}`, find);
    }
  }
};
