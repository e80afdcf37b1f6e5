// @assessment/sdk/query: TanStack Query options, keys and mutations generated from the contract.
export * from './gen/@tanstack/react-query.gen';
