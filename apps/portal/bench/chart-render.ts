// Chart render figures (prints, no timed test): uPlot — the viewer's chart library, the exact version the portal
// ships — drawing 10 000 points × 6 series in headless Chromium at the viewer's chart size. Prints the median and
// worst of the construction (first draw included) and of a full redraw. Target: ≤ 100 ms.
//   pnpm --filter @assessment/portal run bench:chart [-- --points=10000 --series=6 --rounds=10]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../../scripts/chromium.ts';

const arg = (name: string, fallback: number): number => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};
const POINTS = arg('points', 10_000);
const SERIES = arg('series', 6);
const ROUNDS = arg('rounds', 10);
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
