// Totals across servers that do not report at the same second (issue #28): an end user uploads one collector file of
// two servers running the same workload, the second reporting one second after the first, and the viewer's headline
// figures show twice one server's — computed here from the file's own samples, not by the portal or the demo API.
import { gzipSync } from 'node:zlib';
import { ACCOUNTS, expect, expectNoA11yViolations, queueCollectorFile, signIn, test } from './fixtures';

const INTERVAL = 2;
const SAMPLES = 900; // half an hour at 2 s
const GIB = 1024 ** 3;

/** A smooth workload (a half-hour swell), read at time t: memory in bytes, IOPS. */
const workload = (t: number) => {
  const x = 0.6 + 0.3 * Math.sin((t / 1800) * 2 * Math.PI);
  return { memory: 7 * GIB * x, readIops: 20_000 * x, writeIops: 14_000 * x };
};

/** Two hosts: A on the 2 s grid, B the same workload one second later. */
function collectorFile(tag: string, t0: number): { file: Buffer; aTimes: number[] } {
  const aTimes = Array.from({ length: SAMPLES }, (_, i) => t0 + (i + 1) * INTERVAL);
  const hosts = [
    { id: 'a', name: `${tag}-A`, times: aTimes },
    { id: 'b', name: `${tag}-B`, times: aTimes.map((t) => t + 1) },
  ];
  const header = {
    type: 'header',
    format: 'iokit',
    formatVersion: 1,
    collector: { name: 'e2e', version: '1.0.0' },
    start: new Date(t0 * 1000).toISOString(),
    end: new Date((t0 + (SAMPLES + 1) * INTERVAL) * 1000).toISOString(),
    intervalSeconds: INTERVAL,
    hosts: hosts.map((h) => ({
      id: h.id,
      name: h.name,
      os: 'Linux',
      cpu: { model: 'CPU', cores: 8 },
      memoryBytes: 16 * GIB,
      disks: [{ id: 'sda', name: 'sda', capacityBytes: 500 * GIB, kind: 'local' }],
      nics: [],
    })),
    clusters: [],
  };
  const samples = hosts
    .flatMap((h) => h.times.map((t) => ({ h, t })))
    .sort((x, y) => x.t - y.t)
    .map(({ h, t }) => {
      const w = workload(t);
      return {
        type: 'sample',
        t,
        host: h.id,
        cpuPct: 40,
        memUsedBytes: Math.round(w.memory),
        disks: {
          sda: {
            readIops: w.readIops,
            writeIops: w.writeIops,
            readBps: 1e6,
            writeBps: 1e6,
            latencyMs: 2,
            queueDepth: 1,
          },
        },
        net: {},
      };
    });
  const lines = [header, ...samples, { type: 'end', samples: samples.length }];
  return { file: gzipSync(lines.map((l) => JSON.stringify(l)).join('\n') + '\n'), aTimes };
}

/** The first number after `label` in a text, as written in English ("1,234.5"). */
function numberAfter(text: string, label: string): number {
  const match = new RegExp(`${label}\\s*([\\d,.]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no "${label}" figure in "${text}"`);
  return Number(match[1].replace(/,/g, ''));
}

test('two servers reporting a second apart: the viewer totals twice one server', async ({ page }) => {
  await signIn(page, ACCOUNTS.endUser);
  const tag = `Aligned${String(Date.now())}`;
  // Whole hours ago, on the 2 s grid.
  const t0 = Math.floor(Date.now() / 1000 / 3600) * 3600 - 2 * 3600;
  const { file, aTimes } = collectorFile(tag, t0);
  const projectId = await queueCollectorFile(page, tag, file);

  // Independently: one server's peak memory and peak IOPS, from the samples written into the file.
  const onePeakMemory = Math.max(...aTimes.map((t) => workload(t).memory));
  const onePeakIops = Math.max(...aTimes.map((t) => workload(t).readIops + workload(t).writeIops));

  await page.goto(`/dpackviewer/${String(projectId)}`);
  const headline = page.getByTestId('viewer-headline');
  const memory = headline.locator('[data-headline="memory"]');
  const iops = headline.locator('[data-headline="iops"]');
  await expect(memory).toContainText(/Peak [\d,.]+ GiB/);
  await expect(iops).toContainText(/Peak [\d,.]+ IOPS/);
  const shownMemoryGib = numberAfter((await memory.textContent()) ?? '', 'Peak');
  const shownIops = numberAfter((await iops.textContent()) ?? '', 'Peak');
  // Twice one server within 1 % (the shown figures are rounded for reading).
  expect(Math.abs(shownMemoryGib / ((2 * onePeakMemory) / GIB) - 1)).toBeLessThan(0.01);
  expect(Math.abs(shownIops / (2 * onePeakIops) - 1)).toBeLessThan(0.01);
  await expect(headline.locator('[data-headline="servers"]')).toContainText('2 servers');
  await expectNoA11yViolations(page, 'viewer of two servers a second apart');
});
