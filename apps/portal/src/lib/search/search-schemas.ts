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

/**
 * An id: a whole number, from a number or a numeric string ('7'). Kept as a number so that the router writes it
 * bare (`companyId=7`): a string that looks like a number is JSON-quoted in the URL (`companyId=%227%22`).
 */
export const optionalInteger = z.catch(
  z.optional(
    z.pipe(
      z.union([z.number(), z.string().check(z.regex(/^\d+$/))]),
      z.pipe(
        z.transform((value: string | number) => Number(value)),
        z.int(),
      ),
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

type CaughtShape<Shape> = {
  [K in keyof Shape]: Shape[K] extends z.core.$ZodType ? z.ZodMiniCatch<Shape[K]> : never;
};
/** The shape A with the parameters of B added or replaced (B undefined: A as it is). */
type Merged<A, B> = B extends object
  ? { [K in keyof A | keyof B]: K extends keyof B ? B[K] : K extends keyof A ? A[K] : never }
  : A;

/**
 * The search params of a page that lists through one contract operation, built from the SDK's generated query
 * schema (`z…Query`):
 * - `schema`: the contract's query parameters (but those in `leaveOut`), each falling back to its contract default
 *   (or left out) when a hand-typed URL carries a bad value; `extra` adds page-only parameters or replaces a
 *   parameter's rule;
 * - `defaults`: the values the schema gives an empty URL, left out of the URL (stripSearchParams);
 * - `toQuery`: the operation's query from the page's search, with only the contract's parameters (the router's
 *   search also carries the parent routes' parameters, such as `modal`, and unknown ones).
 */
export function contractSearch<
  Shape extends z.core.$ZodLooseShape,
  Extra extends z.core.$ZodLooseShape | undefined = undefined,
  Left extends keyof Shape & string = never,
>(query: z.ZodMiniObject<Shape>, options: { extra?: Extra; leaveOut?: readonly Left[] } = {}) {
  type Params = Omit<Shape, Left>;
  const leftOut: readonly string[] = options.leaveOut ?? [];
  const params = Object.keys(query.shape).filter((key) => !leftOut.includes(key)) as (keyof Params &
    string)[];
  const caught = Object.fromEntries(
    params.map((key) => {
      const param = query.shape[key] as z.core.$ZodType;
      return [key, z.catch(param, () => z.parse(param, undefined))];
    }),
  ) as CaughtShape<Params>;
  const schema = z.object({ ...caught, ...options.extra } as Merged<CaughtShape<Params>, Extra>);
  type Search = z.output<typeof schema>;
  const defaults = Object.fromEntries(
    Object.entries(z.parse(schema, {})).filter(([, value]) => value !== undefined),
  ) as Partial<Search>;
  const toQuery = (search: Search): Pick<Search, keyof Params & keyof Search> => {
    const values = search as Record<string, unknown>;
    return Object.fromEntries(
      params.filter((key) => values[key] !== undefined).map((key) => [key, values[key]]),
    ) as Pick<Search, keyof Params & keyof Search>;
  };
  return { schema, defaults, toQuery };
}

const positiveId = z.coerce.number().check(z.int(), z.positive());

/** Path params of routes addressing a resource by its numeric id (e.g. /project/details/$id). */
export function idParams<K extends string>(key: K) {
  return {
    parse: (raw: Record<K, string>) => ({ [key]: positiveId.parse(raw[key]) }) as Record<K, number>,
    stringify: (params: Record<K, number>) => ({ [key]: String(params[key]) }) as Record<K, string>,
  };
}
