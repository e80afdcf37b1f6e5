// @assessment/sdk/validators: the contract's validators of every operation (valibot), for configureSdk({ validate:
// true, validators }). Nothing loads on import: the table of operations when validation is configured, each
// operation's validators on its first validated call (in the published package each is bundled with exactly the
// valibot code it uses); an app that does not import this entry carries no validator code. An app that validates a
// few calls imports each one's own entry instead, `@assessment/sdk/validators/<operationId>`, through validatorsOf.
export {
  validators,
  type OperationValidators,
  type Validator,
  type Validators,
  type ValidatorsByOperation,
} from './gen/validators.gen';
