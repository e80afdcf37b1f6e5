// @assessment/sdk/validators: the contract's zod validators of every operation, for configureSdk({ validate: true,
// validators }). Nothing loads on import: the table of operations when validation is configured, each operation's
// validators (and zod with them) on its first validated call; an app that does not import this entry carries no
// validator and no zod.
export {
  validators,
  type OperationValidators,
  type Validator,
  type Validators,
  type ValidatorsByOperation,
} from './gen/validators.gen';
