import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ContractViolation, check } from '../src/gen/split/validators/contract-check.gen';
import { vGetMessageResponse } from '../src/gen/valibot.gen';
import { validators } from '../src/validators';

describe('check (how the validators report a contract breach)', () => {
  it('resolves for a value that conforms', async () => {
    await expect(
      check(vGetMessageResponse, { title: 't', message: 'm', actions: [] }),
    ).resolves.toBeUndefined();
  });

  it('rejects with a ContractViolation whose issues name the keys from the root, including array indexes', async () => {
    const error = await check(vGetMessageResponse, { title: 't', message: 'm', actions: ['ok', 7] }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ContractViolation);
    const violation = error as ContractViolation;
    expect(violation.name).toBe('ContractViolation');
    expect(violation.issues).toEqual([
      {
        path: ['actions', 1],
        message: 'Invalid type: Expected string but received 7',
        expected: 'string',
        received: '7',
      },
    ]);
    expect(violation.message).toBe('actions.1: Invalid type: Expected string but received 7');
  });

  it('reports every breach, and one of the root as (root)', async () => {
    const missing = (await check(vGetMessageResponse, {}).catch(
      (caught: unknown) => caught,
    )) as ContractViolation;
    expect(missing.issues.map((issue) => issue.path)).toEqual([['title'], ['message'], ['actions']]);
    const root = (await check(v.string(), 1).catch((caught: unknown) => caught)) as ContractViolation;
    expect(root.issues).toEqual([expect.objectContaining({ path: [], expected: 'string', received: '1' })]);
    expect(root.message).toBe('(root): Invalid type: Expected string but received 1');
  });

  it('is what an operation’s generated validators use: request (path, query, body) and response', async () => {
    const getMessage = await (await validators()).getMessage?.();
    await expect(getMessage?.request?.({ path: { key: 'generalError' } })).resolves.toBeUndefined();
    const request = await getMessage?.request?.({ path: { key: '' } }).catch((caught: unknown) => caught);
    expect(request).toBeInstanceOf(ContractViolation);
    expect((request as ContractViolation).issues[0]?.path).toEqual(['path', 'key']);
    const response = await getMessage?.response?.({ title: 1 }).catch((caught: unknown) => caught);
    expect((response as ContractViolation).issues.map((issue) => issue.path)).toEqual([
      ['title'],
      ['message'],
      ['actions'],
    ]);
  });
});
