// Every operation of the contract, called through the SDK against Prism serving the bundled contract:
// Prism validates each request (a 422 or an sl-violations header fails the test) and the SDK's generated zod
// validates each JSON response. The list comes from the contract, so a new operation is tested as it lands.
import * as sdk from '@assessment/sdk';
import { configureSdk, operations, SdkError, HttpError } from '@assessment/sdk';
import { validators } from '@assessment/sdk/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrism, type RunningPrism } from '../src/prism.ts';
import { contractOperations, optionsFromExamples } from './examples.ts';
import { NOT_SERVED_BY_PRISM } from './not-served.ts';

type SdkCall = (
  options: Record<string, unknown>,
) => Promise<{ data: unknown; response: Response } | { stream: AsyncGenerator }>;

/** Reads the first event of a server-sent-events operation (Prism sends the contract's example stream). */
async function firstEvent(stream: AsyncGenerator): Promise<unknown> {
  for await (const event of stream) {
    await stream.return(undefined);
    return event;
  }
  throw new Error('the stream ended without an event');
}

let prism: RunningPrism;
const exercised = new Set<string>();

beforeAll(async () => {
  prism = await startPrism({ mode: 'mock' });
  configureSdk({
    baseUrl: prism.url,
    // Prism serves every path of the contract from one origin, the other services' included.
    uploadBaseUrl: prism.url,
    ticketBaseUrl: prism.url,
    timeoutMs: 15_000,
    // The contract's security scheme is the session cookie; Prism only checks that it is present.
    headers: { Cookie: 'assessment_session=contract-test' },
    // Every request and JSON response checked against the contract's zod schemas.
    validate: true,
    validators,
  });
});

afterAll(async () => {
  await prism.stop();
});

const all = contractOperations();

describe('the contract', () => {
  it('has operations, each with a generated SDK function and a row in the operations table', () => {
    expect(all.length).toBeGreaterThan(0);
    for (const operation of all) {
      expect(
        typeof (sdk as unknown as Record<string, unknown>)[operation.operationId],
        operation.operationId,
      ).toBe('function');
      expect(operations).toHaveProperty(operation.operationId);
    }
    expect(Object.keys(operations).sort()).toEqual(all.map((operation) => operation.operationId).sort());
  });
});

describe.each(all.filter((operation) => !(operation.operationId in NOT_SERVED_BY_PRISM)))(
  '$method $path ($operationId)',
  (operation) => {
    it('is accepted by Prism and answered within the contract', async () => {
      const call = (sdk as unknown as Record<string, SdkCall>)[operation.operationId];
      if (!call) throw new Error(`the SDK has no function ${operation.operationId}`);
      const { options } = optionsFromExamples(operation);
      let response: Response;
      try {
        const sseErrors: unknown[] = [];
        const result = await call({
          ...options,
          throwOnError: true,
          sseMaxRetryAttempts: 1,
          onSseError: (error: unknown) => sseErrors.push(error),
        });
        if ('stream' in result) {
          const event = await firstEvent(result.stream);
          expect(sseErrors).toEqual([]);
          expect(event).toBeTruthy();
          exercised.add(operation.operationId);
          return;
        }
        response = result.response;
      } catch (error) {
        if (error instanceof HttpError) {
          throw new Error(
            `Prism answered ${error.status}: ${JSON.stringify(error.body)} for ${JSON.stringify(options)}`,
            { cause: error },
          );
        }
        if (error instanceof SdkError)
          throw new Error(
            `${error.name}: ${error.message} ${JSON.stringify((error as { issues?: unknown }).issues ?? error.body)}`,
            { cause: error },
          );
        throw error;
      }
      expect(response.status, 'Prism rejected the request').not.toBe(422);
      expect(response.headers.get('sl-violations'), 'Prism found violations').toBeNull();
      expect(response.status).toBeLessThan(400);
      exercised.add(operation.operationId);
    });
  },
);

describe('coverage', () => {
  it('exercised every operation Prism can serve', () => {
    const expected = all.map((o) => o.operationId).filter((id) => !(id in NOT_SERVED_BY_PRISM));
    expect([...exercised].sort()).toEqual(expected.sort());
  });
});
