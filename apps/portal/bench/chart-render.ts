// Chart render figures (prints, no timed test): uPlot — the viewer's chart library, the exact version the portal
// ships — drawing 10 000 points × 6 series in headless Chromium at the viewer's chart size. Prints the median and
// worst of the construction (first draw included) and of a full redraw. Target: ≤ 100 ms.
// A second case puts 20 charts on one page (a grid, as a page of many charts would), each with as many points as it
// has pixels (what the viewer asks the server for) × 2 series: the time to create and first-draw all 20, and to
// resize all 20 (a window resize or rotation), median and worst over the rounds.
//   pnpm --filter @assessment/portal run bench:chart [-- --points=10000 --series=6 --rounds=10 --charts=20]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../../scripts/chromium.ts';

const arg = (name: string, fallback: number): number => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};
const POINTS = arg('points', 10_000);
const SERIES = arg('series', 6);
const ROUNDS = arg('rounds', 10);
const CHARTS = arg('charts', 20);
const TARGET_MS = 100;

const require = createRequire(import.meta.url);
const uplotJs = readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8');
const uplotCss = readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');

const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.setContent(
  `<!doctype html><html><head><style>${uplotCss}</style></head><body><div id="c"></div></body></html>`,
);
await page.addScriptTag({ content: uplotJs });

const result = await page.evaluate(
  async ({ points, series, rounds }) => {
    interface UPlotLike {
      destroy(): void;
      redraw(rebuildPaths?: boolean, recalcAxes?: boolean): void;
    }
    const UPlot = (window as unknown as { uPlot: new (o: unknown, d: unknown, el: HTMLElement) => UPlotLike })
      .uPlot;
    const start = 1_763_337_600;
    const xs = Array.from({ length: points }, (_, i) => start + i * 60);
    const data = [
      xs,
      ...Array.from({ length: series }, (_, s) =>
        xs.map((_, i) => 1000 + 800 * Math.sin(i / 200 + s) + 300 * Math.sin(i / 7) + ((i * (s + 3)) % 97)),
      ),
    ];
    const opts = {
      width: 800,
      height: 200,
      legend: { show: false },
      scales: { x: { time: true } },
      series: [
        {},
        ...Array.from({ length: series }, (_, s) => ({ stroke: `hsl(${s * 60} 70% 40%)`, width: 1.5 })),
      ],
    };
    const el = document.getElementById('c') as HTMLElement;
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const create: number[] = [];
    const redraw: number[] = [];
    const inked: number[] = [];
    for (let r = 0; r < rounds; r++) {
      await frame();
      const t0 = performance.now();
      const u = new UPlot(opts, data, el);
      // uPlot commits its draw in a microtask: wait for it, then read the pixels (forces the canvas work to finish).
      await new Promise<void>((resolve) => {
        queueMicrotask(resolve);
      });
      const canvas = el.querySelector('canvas') as HTMLCanvasElement;
      const context = canvas.getContext('2d');
      context?.getImageData(0, 0, 1, 1);
      create.push(performance.now() - t0);
      const pixels = context?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
      let ink = 0;
      for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) ink++;
      if (ink === 0) throw new Error('nothing drawn');
      inked.push(ink);
      const t1 = performance.now();
      u.redraw(true, true);
      await new Promise<void>((resolve) => {
        queueMicrotask(resolve);
      });
      context?.getImageData(0, 0, 1, 1);
      redraw.push(performance.now() - t1);
      u.destroy();
    }
    return { create, redraw, inked: inked[0] ?? 0 };
  },
  { points: POINTS, series: SERIES, rounds: ROUNDS },
);
// 20 charts on one page: created and first drawn together, then all resized.
const many = await page.evaluate(
  async ({ charts, rounds }) => {
    interface UPlotLike {
      destroy(): void;
      setSize(size: { width: number; height: number }): void;
    }
    const UPlot = (window as unknown as { uPlot: new (o: unknown, d: unknown, el: HTMLElement) => UPlotLike })
      .uPlot;
    const host = document.createElement('div');
    host.style.cssText = 'display:grid;grid-template-columns:repeat(2, 600px);gap:16px';
    document.body.append(host);
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const flush = async () => {
      await new Promise<void>((resolve) => {
        queueMicrotask(resolve);
      });
      for (const canvas of host.querySelectorAll('canvas')) canvas.getContext('2d')?.getImageData(0, 0, 1, 1);
    };
    const width = 600;
    const points = width; // no more points than pixels
    const start = 1_763_337_600;
    const xs = Array.from({ length: points }, (_, i) => start + i * 600);
    const data = (c: number) => [
      xs,
      ...[0, 1].map((s) => xs.map((_, i) => 1000 + 800 * Math.sin(i / 40 + s + c) + ((i * (s + 3)) % 97))),
    ];
    const opts = {
      width,
      height: 200,
      legend: { show: false },
      scales: { x: { time: true } },
      series: [{}, { stroke: '#0b5cad', width: 1.5 }, { stroke: '#1e7d32', width: 1.5 }],
    };
    const create: number[] = [];
    const resize: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const els = Array.from({ length: charts }, () => host.appendChild(document.createElement('div')));
      await frame();
      const t0 = performance.now();
      const plots = els.map((el, c) => new UPlot(opts, data(c), el));
      await flush();
      create.push(performance.now() - t0);
      await frame();
      const t1 = performance.now();
      for (const p of plots) p.setSize({ width: 420, height: 200 });
      await flush();
      resize.push(performance.now() - t1);
      for (const p of plots) p.destroy();
      host.replaceChildren();
    }
    return { create, resize, points };
  },
  { charts: CHARTS, rounds: ROUNDS },
);
await browser.close();

const median = (v: number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? Number.NaN;
const max = (v: number[]): number => Math.max(...v);
console.log(
  `uPlot ${POINTS.toLocaleString('en')} points × ${SERIES} series, 800×200 px, ${ROUNDS} rounds (Chromium)`,
);
console.log(
  `create + first draw   median ${median(result.create).toFixed(1)} ms   worst ${max(result.create).toFixed(1)} ms`,
);
console.log(
  `full redraw           median ${median(result.redraw).toFixed(1)} ms   worst ${max(result.redraw).toFixed(1)} ms`,
);
console.log(
  `target ≤ ${TARGET_MS} ms (median create + first draw): ${median(result.create) <= TARGET_MS ? 'met' : 'NOT met'}`,
);
console.log(
  `${String(CHARTS)} charts on one page, ${String(many.points)} points × 2 series each, 600×200 px, ${String(ROUNDS)} rounds`,
);
console.log(
  `create + first draw   median ${median(many.create).toFixed(1)} ms   worst ${max(many.create).toFixed(1)} ms (all ${String(CHARTS)})`,
);
console.log(
  `resize to 420 px      median ${median(many.resize).toFixed(1)} ms   worst ${max(many.resize).toFixed(1)} ms (all ${String(CHARTS)})`,
);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
