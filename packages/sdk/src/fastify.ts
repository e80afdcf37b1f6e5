// @assessment/sdk/fastify: route handler types generated from the contract, for typing a server.
export type * from './gen/fastify.gen';
