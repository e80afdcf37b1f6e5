import { defineConfig } from '@hey-api/openapi-ts';

// Generated into src/gen/*.gen.ts, committed, never edited: CI regenerates and fails on drift.
export default defineConfig({
  input: '../../openapi/dist/openapi.json',
  output: { path: 'src/gen', clean: true },
  parser: {
    patch: {
      // An event stream's schema is, for every tool, the schema of the whole body (a string in the event-stream
      // grammar); the contract names each event's data schema in the media type's `x-event-schema` (OpenAPI 3.2's
      // itemSchema). hey-api types a stream's events by the response schema: give it the event schema, as a
      // reference to the component it is (the bundler inlines $refs inside extensions).
      input: (spec) => {
        const schemas =
          (spec as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
        const named = (schema: unknown): unknown => {
          const text = JSON.stringify(schema);
          const name = Object.keys(schemas).find((n) => JSON.stringify(schemas[n]) === text);
          return name === undefined ? schema : { $ref: `#/components/schemas/${name}` };
        };
        for (const item of Object.values(
          (spec as { paths?: Record<string, Record<string, unknown>> }).paths ?? {},
        ))
          for (const operation of Object.values(item)) {
            const responses = (operation as { responses?: Record<string, unknown> } | null)?.responses ?? {};
            for (const response of Object.values(responses)) {
              const media = (response as { content?: Record<string, Record<string, unknown>> }).content?.[
                'text/event-stream'
              ];
              if (media?.['x-event-schema'] !== undefined) media.schema = named(media['x-event-schema']);
            }
          }
      },
    },
  },
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
    {
      // The validators `@assessment/sdk/validators` hands configureSdk: valibot, whose schemas are plain functions a
      // bundler keeps one by one, so an operation's validators weigh what its schemas use (zod's core comes whole).
      // The zod schemas above stay the SDK's public `zXxx` exports (the portal's forms and search parameters).
      name: 'valibot',
      metadata: false,
      // As for zod: a binary string is a Blob (File extends Blob).
      $resolvers: {
        string: (ctx) =>
          ctx.schema.format === 'binary'
            ? // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
              ctx.$(ctx.plugin.imports.v).attr('instance').call(ctx.$('Blob'))
            : undefined,
      },
    },
    { name: '@hey-api/sdk', validator: { request: 'valibot', response: 'valibot' } },
    '@tanstack/react-query',
    'fastify',
  ],
});
