// `pnpm --filter @assessment/mock run prism [port]`: serves the bundled contract's examples on 127.0.0.1.
import { startPrism } from './prism.ts';

const port = Number(process.argv[2] ?? process.env.PORT ?? 4010);
const prism = await startPrism({ mode: 'mock', port });
console.log(`Prism is serving the contract at ${prism.url} (Ctrl-C stops it)`);
process.on('SIGINT', () => void prism.stop().then(() => process.exit(0)));
process.on('SIGTERM', () => void prism.stop().then(() => process.exit(0)));
