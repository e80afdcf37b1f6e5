// Regenerates src/routeTree.gen.ts from src/routes with the same generator version and config (tsr.config.json)
// the Vite plugin uses, so CI can run `pnpm run generate && git diff --exit-code`.
import { Generator, getConfig } from '@tanstack/router-generator';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const config = getConfig({ disableLogging: true }, root);
await new Generator({ config, root }).run();
console.log(`generated ${config.generatedRouteTree}`);
