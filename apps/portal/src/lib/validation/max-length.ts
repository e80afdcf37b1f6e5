import type * as z from 'zod/mini';

interface CheckDef {
  check?: string;
  maximum?: unknown;
  minimum?: unknown;
}

/**
 * The `maxLength` the contract gives a string field, read from the SDK's generated schema (its `max_length`
 * check; through a nullable wrapper too), so an input's limit follows the contract without a second copy.
 */
export function maxLengthOf(schema: z.ZodMiniType): number | undefined {
  return lengthCheck(schema, 'max_length', 'maximum');
}

/** The `minLength` the contract gives a string field, read the same way (e.g. a password's minimum). */
export function minLengthOf(schema: z.ZodMiniType): number | undefined {
  return lengthCheck(schema, 'min_length', 'minimum');
}

function lengthCheck(
  schema: z.ZodMiniType,
  kind: 'max_length' | 'min_length',
  bound: 'maximum' | 'minimum',
): number | undefined {
  const def = schema._zod.def as { checks?: { _zod: { def: CheckDef } }[]; innerType?: z.ZodMiniType };
  const limit = def.checks?.find((check) => check._zod.def.check === kind)?._zod.def[bound];
  if (typeof limit === 'number') return limit;
  return def.innerType ? lengthCheck(def.innerType, kind, bound) : undefined;
}
