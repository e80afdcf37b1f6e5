import { defineConfig } from '@hey-api/openapi-ts';

// Generated into src/gen/*.gen.ts, committed, never edited: CI regenerates and fails on drift.
export default defineConfig({
  input: '../../openapi/dist/openapi.json',
  output: { path: 'src/gen', clean: true },
  plugins: [
    // Base URLs are set at runtime by configureSdk(): the portal API, the upload service and the ticket service.
    { name: '@hey-api/client-fetch', baseUrl: false, throwOnError: true },
    { name: '@hey-api/typescript', enums: 'javascript' },
    {
      name: 'zod',
      // zod mini: the same v4 core behind a functional, tree-shakable API (z.optional(x), z.catch(x, v), ...),
      // a fraction of zod classic's weight in the portal's initial JavaScript.
      compatibilityVersion: 'mini',
      metadata: false,
      // hey-api's zod plugin renders `format: binary` as z.string() while its TypeScript plugin says Blob | File:
      // uploads would fail their own request validation. A binary string is a Blob (File extends Blob).
      $resolvers: {
        string: (ctx) =>
          ctx.schema.format === 'binary'
            ? // hey-api's own resolvers build identifiers this way; the rule can't see through its DSL types.
              // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
              ctx.$(ctx.plugin.imports.z).attr('instanceof').call(ctx.$('Blob'))
            : undefined,
      },
    },
    { name: '@hey-api/sdk', validator: { request: true, response: true } },
    '@tanstack/react-query',
    'fastify',
  ],
});
