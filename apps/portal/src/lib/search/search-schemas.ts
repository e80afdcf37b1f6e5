/**
 * zod building blocks for search params. TanStack Router already JSON-parses values (`?verified=true` arrives as
 * `true`, `?PageSize=25` as `25`), but hand-typed URLs may also carry strings: these accept both and never throw
 * (`.catch`) so a bad parameter falls back instead of breaking the page.
 */
import { z } from 'zod';
import { PAGE_LOAD_MODALS } from '@/lib/modals/modal-registry';

/** true for true, 'true', 1, '1' and a bare flag (''); false otherwise. */
export const flag = z
  .unknown()
  .transform((value) => value === true || value === 'true' || value === 1 || value === '1' || value === '');

export const optionalFlag = flag.optional().catch(undefined);

export const optionalText = z
  .union([z.string(), z.number()])
  .transform((value) => String(value))
  .optional()
  .catch(undefined);

/** The modal query parameters every page accepts (spec part 2). */
export const modalSearchSchema = z.object({
  modal: z.enum(PAGE_LOAD_MODALS).optional().catch(undefined),
  modalsize: optionalText,
  'modal-clear': optionalFlag,
});

/** Path params of routes addressing a resource by its numeric id (e.g. /project/details/$id). */
export function idParams<K extends string>(key: K) {
  return {
    parse: (raw: Record<K, string>) => ({ [key]: z.coerce.number().int().positive().parse(raw[key]) }) as Record<K, number>,
    stringify: (params: Record<K, number>) => ({ [key]: String(params[key]) }) as Record<K, string>,
  };
}
