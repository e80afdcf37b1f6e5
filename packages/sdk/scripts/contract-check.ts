// How the validators of `@assessment/sdk/validators` check a value: valibot's safeParse against the operation's
// schema, and on failure a ContractViolation whose issues name where (`path`, the keys from the root) and what
// (`message`, `expected`, `received`) — the shape the SDK's RequestValidationError and ResponseValidationError
// carry. Written by scripts/validators.ts into src/gen/split/validators/contract-check.gen.ts, beside the generated
// validator modules that import it: with them, not with the runtime, so it loads only with a validated call (and
// bundlers' chunk groups that gather the SDK's runtime, as the portal's, never pull valibot in with it).
import { safeParse, type GenericIssue, type GenericSchema } from 'valibot';

/** One way a value breaks the contract. */
export interface ContractIssue {
  /** Where: the keys (object properties, array indexes) from the checked value down to the offending one. */
  readonly path: ReadonlyArray<string | number>;
  readonly message: string;
  /** What the contract allows there, as valibot words it (e.g. `string`, `"a" | "b"`), when it says. */
  readonly expected: string | null;
  /** What the value was (e.g. `undefined`, `42`). */
  readonly received: string;
}

/** A value that breaks the contract; the runtime turns it into RequestValidationError or ResponseValidationError. */
export class ContractViolation extends Error {
  override readonly name = 'ContractViolation';
  readonly issues: readonly ContractIssue[];

  constructor(issues: readonly ContractIssue[]) {
    super(issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; '));
    this.issues = issues;
  }
}

function toContractIssue(issue: GenericIssue): ContractIssue {
  return {
    path: (issue.path ?? []).map((item) => item.key as string | number),
    message: issue.message,
    expected: issue.expected,
    received: issue.received,
  };
}

/** Resolves when `data` conforms to `schema`, rejects with a ContractViolation when it does not. */
export function check(schema: GenericSchema, data: unknown): Promise<void> {
  const result = safeParse(schema, data);
  return result.success
    ? Promise.resolve()
    : Promise.reject(new ContractViolation(result.issues.map(toContractIssue)));
}
