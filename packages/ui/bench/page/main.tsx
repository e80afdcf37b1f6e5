// Benchmark page: renders DataTable with 10,000 rows, then re-sorts, and publishes the times on
// window.__benchResult for bench/table-bench.ts. Built in production mode (React production build).
// The virtualized mode is first mounted untimed with one row (warm-up), so its lazily loaded body is in place.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import '../../src/styles.css';
import { createColumnHelper, DataTable } from '../../src/table';

interface Row {
  id: string;
  name: string;
  servers: number;
  owner: string;
}

export interface BenchResult {
  mode: string;
  rows: number;
  /** Mount of each run: the first is cold (fresh JIT), the others warm. */
  renderMs: number[];
  /** Each header click re-sorts all rows (ascending/descending in turn) until React's commit. */
  sortMs: number[];
}

declare global {
  interface Window {
    __benchResult?: BenchResult[];
    __benchError?: string;
  }
}

const ROWS = 10_000;
const data: Row[] = Array.from({ length: ROWS }, (_, i) => ({
  id: `r${i}`,
  name: `Collector run ${(i * 7919) % ROWS}`,
  servers: (i * 104729) % 997,
  owner: `owner${i % 50}@example.com`,
}));
const helper = createColumnHelper<Row>();
const columns = [
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('servers', { header: 'Servers' }),
  helper.accessor('owner', { header: 'Owner' }),
];

const forceLayout = (el: Element) => el.getBoundingClientRect().height;

/** Resolves at the first DOM mutation of `target` after `action` (React's commit), then forces layout. */
function timeUntilMutation(target: Element, action: () => void): Promise<number> {
  return new Promise((resolve) => {
    const start = performance.now();
    const observer = new MutationObserver(() => {
      observer.disconnect();
      forceLayout(target);
      resolve(performance.now() - start);
    });
    observer.observe(target, { subtree: true, childList: true, characterData: true });
    action();
  });
}

const pause = () => new Promise((r) => setTimeout(r, 50));

type Props = Partial<Parameters<typeof DataTable<Row>>[0]>;

/**
 * Mounts the table with one row and waits for its body row: a virtualized table loads its body (TanStack
 * Virtual) as a lazy chunk on its first render, and the runs must measure the render, not the chunk download.
 * One row keeps the first measured run of 10,000 rows cold (the row code has barely run).
 */
async function warmUp(mode: string, props: Props): Promise<void> {
  const host = document.createElement('div');
  document.getElementById('root')!.append(host);
  const root = createRoot(host);
  root.render(
    <DataTable<Row> caption={`Warm-up ${mode}`} data={data.slice(0, 1)} columns={columns} {...props} />,
  );
  const deadline = performance.now() + 30_000;
  while (!host.querySelector('tbody tr')) {
    if (performance.now() > deadline) throw new Error(`${mode}: the table body did not render`);
    await pause();
  }
  root.unmount();
  host.remove();
}

async function runMode(mode: string, props: Props, runs: number): Promise<BenchResult> {
  const renderMs: number[] = [];
  const sortMs: number[] = [];
  if (props.isVirtualized) await warmUp(mode, props);
  for (let run = 0; run < runs; run++) {
    await pause();
    const host = document.createElement('div');
    document.getElementById('root')!.append(host);
    const root = createRoot(host);
    // A fresh copy per run, so no cache of an earlier run (row models, sort keys) is reused.
    const rows = data.map((r) => ({ ...r }));
    const start = performance.now();
    flushSync(() => {
      root.render(
        <DataTable<Row>
          caption={`Bench ${mode}`}
          data={rows}
          columns={columns}
          getRowId={(r) => r.id}
          {...props}
        />,
      );
    });
    forceLayout(host);
    renderMs.push(performance.now() - start);
    // A run that rendered only a loading placeholder would measure nothing.
    if (!host.querySelector('tbody tr')) throw new Error(`${mode}: no rows after the synchronous render`);
    const button = host.querySelector<HTMLButtonElement>('th button')!;
    for (let i = 0; i < 2; i++) {
      await pause();
      sortMs.push(await timeUntilMutation(host.querySelector('tbody')!, () => button.click()));
    }
    root.unmount();
    host.remove();
  }
  return { mode, rows: ROWS, renderMs, sortMs };
}

async function main() {
  const results: BenchResult[] = [];
  results.push(await runMode('virtualized', { isVirtualized: true, isPaginated: false }, 5));
  results.push(await runMode('paged-100', { defaultQuery: { PageSize: 100 }, pageSizeOptions: [100] }, 5));
  window.__benchResult = results;
}

main().catch((error: unknown) => {
  window.__benchError = String(error);
});
