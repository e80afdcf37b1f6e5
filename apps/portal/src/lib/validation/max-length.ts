import type * as z from 'zod/mini';

interface CheckDef {
  check?: string;
  maximum?: unknown;
}

/**
 * The `maxLength` the contract gives a string field, read from the SDK's generated schema (its `max_length`
 * check; through a nullable wrapper too), so an input's limit follows the contract without a second copy.
 */
export function maxLengthOf(schema: z.ZodMiniType): number | undefined {
  const def = schema._zod.def as { checks?: { _zod: { def: CheckDef } }[]; innerType?: z.ZodMiniType };
  const limit = def.checks?.find((check) => check._zod.def.check === 'max_length')?._zod.def.maximum;
  if (typeof limit === 'number') return limit;
  return def.innerType ? maxLengthOf(def.innerType) : undefined;
}
