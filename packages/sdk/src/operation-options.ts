// What every generated call tells the runtime about itself (written into each operation by scripts/validators.ts,
// after the caller's options, so a caller cannot change it): its operationId, for errors and for its validators,
// and the service it belongs to when that is not the portal API. The runtime reads them from the call's options;
// no table of all operations is needed for a call, so an app carries only the operations it imports.
import type { ResponseStyle } from './gen/client/types.gen';
import type { OperationId, ServiceName } from './operations.gen';

declare module './gen/client/types.gen' {
  // The type parameters repeat the generated interface's (a merged declaration must declare the same ones).
  interface RequestOptions<
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    TData = unknown,
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    TResponseStyle extends ResponseStyle = 'fields',
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    ThrowOnError extends boolean = boolean,
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    Url extends string = string,
  > {
    /** Set by the generated operation: its operationId. */
    operationId?: OperationId;
    /** Set by the generated operation when it belongs to another service than the portal API. */
    service?: Exclude<ServiceName, 'portal'>;
  }
}

/** The operation and service of a call, from its options (a call by hand names `METHOD template`). */
export interface CallIdentity {
  operation: string;
  service: ServiceName;
}

export function identityOf(options: {
  operationId?: string | undefined;
  service?: ServiceName | undefined;
  method?: string | undefined;
  url?: string | undefined;
}): CallIdentity {
  return {
    operation: options.operationId ?? `${(options.method ?? 'GET').toUpperCase()} ${options.url ?? ''}`,
    service: options.service ?? 'portal',
  };
}
