// Planted faults of the "headers" class: a required Location left out of a 201, a Location naming nothing its
// creator can read, and the session cookie set without an attribute the contract declares for it (HttpOnly,
// SameSite).
import { describe, it } from 'vitest';
import { expectClean, expectReported, mutate, type Fault } from '../../tests/plant.ts';

/** Rewrites the session cookie the sign-in sets. */
const cookie = (change: (line: string) => string): Fault['plant'] =>
  mutate('signIn', (_q, reply, payload) => {
    const set = reply.getHeader('set-cookie');
    const lines = Array.isArray(set) ? set.map(String) : set === undefined ? [] : [String(set)];
    void reply.header(
      'set-cookie',
      lines.map((l) => (l.startsWith('assessment_session=') ? change(l) : l)),
    );
    return payload;
  });

const FAULTS: Fault[] = [
  {
    name: 'a required Location left out of a 201',
    operationId: 'createSupportTicket',
    check: 'response-headers',
    callers: ['end user'],
    says: /201 without its required location header/,
    plant: mutate('createSupportTicket', (_q, reply, payload) => {
      if (reply.statusCode === 201) reply.removeHeader('location');
      return payload;
    }),
  },
  {
    name: 'a Location naming nothing',
    operationId: 'createSupportTicket',
    check: 'location-resolves',
    callers: ['end user'],
    says: /the Location "\/api\/projects\/2000000001" of the 201 \(\/api\/projects\/\{id\}\) is answered 404/,
    plant: mutate('createSupportTicket', (_q, reply, payload) => {
      if (reply.statusCode === 201) void reply.header('location', '/api/projects/2000000001');
      return payload;
    }),
  },
  {
    name: 'the session cookie without HttpOnly',
    operationId: 'signIn',
    check: 'session-cookie',
    callers: ['end user'],
    says: /set without HttpOnly/,
    plant: cookie((l) => l.replace(/;\s*HttpOnly/i, '')),
  },
  {
    name: 'the session cookie without SameSite',
    operationId: 'signIn',
    check: 'session-cookie',
    callers: ['end user'],
    says: /set without SameSite=Lax/,
    plant: cookie((l) => l.replace(/;\s*SameSite=\w+/i, '')),
  },
];

describe('headers: planted faults are reported by operation and check', () => {
  it.each(FAULTS)('$name → $operationId / $check', expectReported);
  it('reports nothing without a fault', () => expectClean(FAULTS));
});
