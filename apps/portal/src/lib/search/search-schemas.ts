/**
 * zod (mini) building blocks for search params. TanStack Router already JSON-parses values (`?verified=true` arrives as
 * `true`, `?PageSize=25` as `25`), but hand-typed URLs may also carry strings: these accept both and never throw
 * (`z.catch`) so a bad parameter falls back instead of breaking the page.
 */
import * as z from 'zod/mini';
import { PAGE_LOAD_MODALS } from '@/lib/modals/modal-registry';

/** true for true, 'true', 1, '1' and a bare flag (''); false otherwise. */
export const flag = z.pipe(
  z.unknown(),
  z.transform((value) => value === true || value === 'true' || value === 1 || value === '1' || value === ''),
);

export const optionalFlag = z.catch(z.optional(flag), undefined);

export const optionalText = z.catch(
  z.optional(
    z.pipe(
      z.union([z.string(), z.number()]),
      z.transform((value: string | number) => String(value)),
    ),
  ),
  undefined,
);

/** The modal query parameters every page accepts (spec part 2). */
export const modalSearchSchema = z.object({
  modal: z.catch(z.optional(z.enum(PAGE_LOAD_MODALS)), undefined),
  modalsize: optionalText,
  'modal-clear': optionalFlag,
});

const positiveId = z.coerce.number().check(z.int(), z.positive());

/** Path params of routes addressing a resource by its numeric id (e.g. /project/details/$id). */
export function idParams<K extends string>(key: K) {
  return {
    parse: (raw: Record<K, string>) => ({ [key]: positiveId.parse(raw[key]) }) as Record<K, number>,
    stringify: (params: Record<K, number>) => ({ [key]: String(params[key]) }) as Record<K, string>,
  };
}
