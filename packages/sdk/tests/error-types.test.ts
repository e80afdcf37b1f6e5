// Errors typed per operation: HttpError<'op'> is the operation's declared error responses, discriminated by
// status, each with its declared body; SdkErrorOf<'op'> is what its call throws and its query options' `error`.
// The type checks are table-driven over every operation of the contract (`pnpm run typecheck` checks them).
import type { QueryObserverResult, UseMutationOptions } from '@tanstack/react-query';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  EnvelopeError,
  HttpError,
  NetworkError,
  getMessage,
  isHttpError,
  type ApiErrorEnvelope,
  type CreateSupportTicketData,
  type CreateSupportTicketResponse,
  type ErrorStatusOf,
  type OperationErrors,
  type OperationId,
  type SdkError,
  type SdkErrorOf,
  type SupportError,
} from '../src/index';
import { createSupportTicketMutation, getProjectOptions } from '../src/query';
import type { Options } from '../src/gen/split/sdk/Options.gen';
import { rejection, useTestServer } from './test-server';

useTestServer();

/** Mutual assignability (no `any` is involved here). */
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The member of an operation's HttpError with a given status. */
type WithStatus<Op extends OperationId, Status> = Extract<HttpError<Op>, { status: Status }>;

/** For one operation, each line is true when its HttpError type is what the contract declares. */
interface Checks<Op extends OperationId> {
  /** Its statuses are exactly the declared ones (no other key, such as `default`, is left out). */
  statuses: Equal<HttpError<Op>['status'], keyof OperationErrors[Op]>;
  /** Each declared status gives the body declared for it. */
  bodies: Equal<
    { [Status in ErrorStatusOf<OperationErrors[Op]>]: WithStatus<Op, Status>['body'] },
    { [Status in ErrorStatusOf<OperationErrors[Op]>]: OperationErrors[Op][Status] }
  >;
  /** A status no operation declares is not one of its statuses. */
  undeclared: 418 extends HttpError<Op>['status'] ? false : true;
  /** What a call throws: its declared HTTP errors or another SdkError, each an SdkError. */
  thrown: SdkErrorOf<Op> extends SdkError
    ? Equal<Extract<SdkErrorOf<Op>, { name: 'HttpError' }>, HttpError<Op>>
    : false;
}
type AllTrue<T> = { [K in keyof T]: true };

describe('errors typed per operation', () => {
  it('every operation: declared statuses only, each with its declared body (type-level, table-driven)', () => {
    expectTypeOf<{ [Op in OperationId]: Checks<Op> }>().toEqualTypeOf<{
      [Op in OperationId]: AllTrue<Checks<Op>>;
    }>();
    expectTypeOf<keyof OperationErrors>().toEqualTypeOf<OperationId>();
  });

  it('narrows by status in code, and an undeclared status does not compile', () => {
    const check = (error: HttpError<'getProject'>) => {
      // @ts-expect-error getProject declares no 418: the comparison cannot be true
      if (error.status === 418) return 'teapot';
      if (error.status === 404) {
        expectTypeOf(error.body).toEqualTypeOf<ApiErrorEnvelope>();
        return error.body.ResourceKey;
      }
      expectTypeOf(error.status).toEqualTypeOf<400 | 401 | 500>();
      return undefined;
    };
    expect(check).toBeTypeOf('function');
    // Bodies differ by operation: the support service's errors are its own shape.
    expectTypeOf<WithStatus<'createSupportTicket', 403>['body']>().toEqualTypeOf<SupportError>();
    // @ts-expect-error createSupportTicket declares no 404
    expectTypeOf<WithStatus<'createSupportTicket', 404>['body']>().toEqualTypeOf<SupportError>();
  });

  it('the query options type `error` as the operation’s errors', () => {
    type Result = QueryObserverResult<unknown, SdkErrorOf<'getProject'>>;
    expectTypeOf(getProjectOptions({ path: { id: 1 } })).toHaveProperty('queryFn');
    const onError = (result: Result) => {
      if (result.error instanceof HttpError) {
        expectTypeOf(result.error.status).toEqualTypeOf<400 | 401 | 404 | 500>();
        // @ts-expect-error getProject declares no 409
        return result.error.status === 409;
      }
      if (result.error?.name === 'EnvelopeError') expectTypeOf(result.error).toEqualTypeOf<EnvelopeError>();
      return false;
    };
    expect(onError).toBeTypeOf('function');
    expectTypeOf(createSupportTicketMutation()).toEqualTypeOf<
      UseMutationOptions<
        CreateSupportTicketResponse,
        SdkErrorOf<'createSupportTicket'>,
        Options<CreateSupportTicketData>
      >
    >();
  });

  it('a caught error narrows to an operation’s errors with isHttpError', async () => {
    const error = await rejection(getMessage({ path: { key: 'missing' } }));
    expect(isHttpError(error, 'getMessage')).toBe(true);
    expect(isHttpError(error, 'getProject')).toBe(false);
    expect(isHttpError(new NetworkError({ operation: 'getMessage' }))).toBe(false);
    if (!isHttpError(error, 'getMessage')) throw new Error('expected an HttpError');
    expectTypeOf(error.status).toEqualTypeOf<ErrorStatusOf<OperationErrors['getMessage']>>();
    expect(error.status).toBe(404);
    expect(error.body.ResourceKey).toBe('generalError');
  });

  it('throwOnError: false gives the SdkError the runtime holds, not the body', async () => {
    const result = await getMessage({ path: { key: 'missing' }, throwOnError: false });
    expect(result.error).toBeInstanceOf(HttpError);
    if (result.error === undefined) throw new Error('expected an error');
    // @ts-expect-error the error is an SdkError, not the envelope: the envelope is its body
    expect(result.error.ResourceKey).toBeUndefined();
    if (!(result.error instanceof HttpError)) throw new Error('expected an HttpError');
    expectTypeOf(result.error.status).toEqualTypeOf<ErrorStatusOf<OperationErrors['getMessage']>>();
    expect(result.error.status).toBe(404);
    expect(result.error.body.ResourceKey).toBe('generalError');
  });
});
