// orval's view of the contract: one fetch client and one zod module per service document of openapi/dist. The base
// URL comes from each document's top-level `servers` (getBaseUrlFromSpecification), as any orval user would set it.
import { defineConfig, type Options } from 'orval';

const SERVICES = ['portal', 'upload', 'support'] as const;
const OUT = process.env.PORTABILITY_OUT ?? '.generated';

export default defineConfig(
  Object.fromEntries<Options>(
    SERVICES.flatMap((service): [string, Options][] => [
      [
        `${service}-fetch`,
        {
          input: { target: `../../openapi/dist/${service}.json` },
          output: {
            target: `${OUT}/orval/${service}.ts`,
            client: 'fetch',
            mode: 'single',
            baseUrl: { getBaseUrlFromSpecification: true },
          },
        },
      ],
      [
        `${service}-zod`,
        {
          input: { target: `../../openapi/dist/${service}.json` },
          output: { target: `${OUT}/orval-zod/${service}.ts`, client: 'zod', mode: 'single' },
        },
      ],
    ]),
  ),
);
