// @assessment/sdk: the generated contract (operations, types, zod schemas) and the thin runtime beside it.
export * from './gen/index';
export * from './gen/zod.gen';
export { client } from './gen/client.gen';
export { streams } from './streams';
export { STREAMS_MESSAGE } from './fetch-client';
export {
  operations,
  type OperationErrors,
  type OperationId,
  type OperationInfo,
  type ServiceName,
} from './operations.gen';
export {
  configureSdk,
  getSdkConfig,
  resetSdkConfig,
  DEFAULT_TIMEOUT_MS,
  LOGGED_OUT_HEADER,
  NO_VALIDATORS_MESSAGE,
  unlistedValidatorsMessage,
  validatorsOf,
  type LoggedOutEvent,
  type OperationValidatorLoaders,
  type SdkConfig,
} from './config';
export { callApi, CACHE_BUST_PARAM, type CallApiOptions, type FormFields } from './call-api';
export {
  SdkError,
  HttpError,
  HttpErrorOfStatus,
  isHttpError,
  EnvelopeError,
  NetworkError,
  TimeoutError,
  AbortError,
  RequestValidationError,
  ResponseValidationError,
  envelopeMessageKey,
  messageKeyOf,
  type SdkErrorDetails,
  type ErrorStatusOf,
  type HttpErrorConstructor,
  type HttpErrorFrom,
  type OtherSdkError,
  type SdkErrorFrom,
  type SdkErrorOf,
} from './errors';
export {
  COMMON_PASSWORDS,
  PASSWORD_RULES,
  meetsPasswordPolicy,
  passwordRules,
  type PasswordRule,
} from './password-policy';
