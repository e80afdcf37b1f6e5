import { HttpError, TimeoutError } from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import { TIMEOUT_TEXT } from '@/lib/errors/describe-error';
import { describeSupportError } from './support-error';

const operation = 'createSupportTicket';

describe('support service errors (its own shape, not the envelope)', () => {
  it('shows the description with the error code', () => {
    const refused = new HttpError(400, {
      operation,
      body: { error: 'RecordInvalid', description: 'Subject and comment are required.' },
    });
    expect(describeSupportError(refused)).toBe('Subject and comment are required. (RecordInvalid)');
    expect(describeSupportError(new HttpError(500, { operation, body: { error: 'InternalError' } }))).toBe(
      'InternalError',
    );
  });

  it('a timeout is the fixed connectivity text; anything else is left to the generic message', () => {
    expect(describeSupportError(new TimeoutError(30_000, { operation }))).toBe(TIMEOUT_TEXT);
    expect(
      describeSupportError(new HttpError(502, { operation, body: '<html>Bad gateway</html>' })),
    ).toBeNull();
    expect(describeSupportError(new Error('boom'))).toBeNull();
  });
});
