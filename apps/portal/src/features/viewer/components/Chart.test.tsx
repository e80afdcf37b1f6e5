import { render, waitFor } from '@testing-library/react';
import type uPlot from 'uplot';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/lib/i18n/i18n';
import { TIME_INCRS, timeSpace, timeTicks } from '../time-axis';
import Chart, {
  AXIS_MEMO_LIMIT,
  CHART_SETTLE_FRAMES,
  axisMemoized,
  type ChartProps,
  bitmapMirror,
  drawInTurn,
  hoverContent,
} from './Chart';

// uPlot draws on a canvas jsdom does not have: a stand-in keeps the options and data the chart gives it, with the
// plot's overlay (where a finger drags) and a text measure of 7 px a character.
const plots: {
  options: uPlot.Options;
  data: uPlot.AlignedData;
  over: HTMLDivElement;
  /** The sizes it was set to after it drew (each one a full redraw in uPlot). */
  resized: number[];
}[] = [];
vi.mock('uplot', () => ({
  default: class {
    over: HTMLDivElement;
    ctx = { font: '', measureText: (text: string) => ({ width: text.length * 7 }) };
    select = { left: 0, top: 0, width: 0, height: 0 };
    width: number;
    resized: number[] = [];
    root = document.createElement('div');
    constructor(
      options: uPlot.Options,
      data: uPlot.AlignedData,
      target: HTMLElement | ((self: unknown, init: () => void) => void),
    ) {
      // A line labelled so stands for a plot uPlot fails to build.
      if (options.series[1]?.label === 'Broken line') throw new Error('uPlot failed');
      this.width = options.width;
      this.over = document.createElement('div');
      this.over.getBoundingClientRect = () => DOMRect.fromRect({ x: 100, y: 0, width: 400, height: 150 });
      this.root.appendChild(this.over);
      built.push(options);
      // Drawn (listed in plots) when uPlot's init runs: at once for an element, when the chart calls it for a function.
      const init = () => {
        plots.push({ options, data, over: this.over, resized: this.resized });
      };
      if (typeof target === 'function') target(this, init);
      else {
        target.appendChild(this.root);
        init();
      }
    }
    setSize({ width }: { width: number }) {
      this.width = width;
      this.resized.push(width);
    }
    setSelect(box: { left: number; top: number; width: number; height: number }) {
      this.select = box;
    }
    // 10 seconds a pixel from t = 1 000 000.
    posToVal(px: number) {
      return 1_000_000 + px * 10;
    }
    destroy() {}
  },
}));

/** The plots built (uPlot constructed), drawn or not. */
const built: uPlot.Options[] = [];

/** The charts' resize observers' callbacks (jsdom has no ResizeObserver): a test reports a new box width with them. */
const observers: ((entries: { contentRect: { width: number } }[]) => void)[] = [];

/**
 * Resolves once no chart holds the drawing turn (the last test's chart has had its frames): a turn taken and given
 * back at once, which hands it on without waiting for frames.
 */
async function turnFree(): Promise<void> {
  await new Promise<void>((resolve) => {
    const cancel = drawInTurn(() => {
      queueMicrotask(() => {
        cancel();
        resolve();
      });
      return () => undefined;
    });
  });
}

beforeEach(async () => {
  await turnFree();
  plots.length = 0;
  built.length = 0;
  observers.length = 0;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: (entries: { contentRect: { width: number } }[]) => void) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
});

const format = (v: number) => v.toLocaleString('en-US');

/** The chart under test: one line ("Read IOPS", values 1, 2, … unless given) over `times` (0 and 60 s by default). */
function chart({
  times = [0, 60],
  values = times.map((_, i) => i + 1),
  label = 'Read IOPS',
  ...props
}: Partial<Omit<ChartProps, 'lines' | 'format'>> & { values?: (number | null)[]; label?: string } = {}) {
  return (
    <Chart
      times={times}
      lines={[{ label, values, color: '--viewer-series-1' }]}
      format={format}
      culture="en-US"
      unitText="IOPS"
      noDataText="no data"
      {...props}
    />
  );
}
const self = () =>
  ({ ctx: { font: '', measureText: (t: string) => ({ width: t.length * 7 }) } }) as unknown as uPlot;

/** The plot drawn last, once drawn: each chart draws in a task of its own after it renders (nextTask). */
async function lastPlot() {
  await waitFor(() => {
    expect(plots.length).toBeGreaterThan(0);
  });
  const plot = plots.at(-1);
  if (!plot) throw new Error('no plot');
  return plot;
}

describe('Chart', () => {
  it('draws a one-sample collection as a dot on an axis of a bucket either side, not years', async () => {
    render(chart({ times: [1_800_000_000], values: [42], bucketSeconds: 3600 }));
    const plot = await lastPlot();
    const range = plot.options.scales?.x?.range;
    if (typeof range !== 'function') throw new Error('no x range');
    // uPlot widens a lone time by 86 400 000 s (~1000 days: the 2027–2029 axis) before asking the range.
    expect(range(self(), 1_800_000_000, 1_800_000_000 + 86_400_000, 'x')).toEqual([
      1_800_000_000 - 3600,
      1_800_000_000 + 3600,
    ]);
    // The lone value is drawn as a point (a line needs two).
    const points = plot.options.series[1]?.points;
    expect(points?.show).toBe(true);
    const filter = points?.filter;
    if (typeof filter !== 'function') throw new Error('no point filter');
    expect(filter(self(), 1, true)).toEqual([0]);
  });

  it('labels a one-sample collection with its date and time in one tick, on an axis of an hour, not milliseconds', async () => {
    const at = 1_800_000_000;
    // A 1 s bucket (a version-1 file's unknown interval): the axis was two seconds wide.
    render(chart({ times: [at], values: [42], bucketSeconds: 1, culture: 'de-DE' }));
    const plot = await lastPlot();
    const range = plot.options.scales?.x?.range;
    if (typeof range !== 'function') throw new Error('no x range');
    expect(range(self(), at, at + 86_400_000, 'x')).toEqual([at - 1800, at + 1800]);
    const axis = plot.options.axes?.[0];
    const splits = axis?.splits;
    const values = axis?.values;
    if (typeof splits !== 'function' || typeof values !== 'function') throw new Error('no x ticks');
    expect(splits(self(), 0, at - 1800, at + 1800, 0, 0)).toEqual([at]);
    // The portal's date and time (formatDate) in the chart's culture: "15.01.27, 08:00" in UTC.
    const [label] = values(self(), [at], 0, 0, 0);
    expect(label).toBe(formatDate(at * 1000, 'de-DE'));
    expect(label).toMatch(/^15\.01\.27, \d{2}:\d{2}$/);
  });

  it("writes the time axis' ticks in the chart's culture through Intl, at uPlot's own tick times", async () => {
    render(chart({ times: [1_800_000_000, 1_800_086_400], bucketSeconds: 3600, culture: 'de-DE' }));
    const plot = await lastPlot();
    const axis = plot.options.axes?.[0];
    // uPlot places the ticks (its splits, at the spacings it knows); only their words are the culture's.
    expect(axis?.splits).toBeUndefined();
    expect(axis?.incrs).toEqual(TIME_INCRS);
    const values = axis?.values;
    if (typeof values !== 'function') throw new Error('uPlot writes the ticks (English templates)');
    const ticks = [1_800_000_000, 1_800_007_200, 1_800_014_400];
    const labels = values(self(), ticks, 0, 50, 7200);
    expect(labels).toEqual(timeTicks(ticks, 7200, 'de-DE'));
    // 24-hour, no "AM"/"PM".
    for (const text of labels) expect(String(text).split('\n')[0]).toMatch(/^\d{2}:\d{2}$/);
    expect(labels.join(' ')).not.toMatch(/AM|PM/);
  });

  it('spaces the time ticks by their measured labels in the culture', async () => {
    render(chart({ times: [1_800_000_000, 1_800_086_400], culture: 'en-US' }));
    const plot = await lastPlot();
    const space = plot.options.axes?.[0]?.space;
    if (typeof space !== 'function') throw new Error('the tick spacing is fixed');
    const u = self();
    expect(space(u, 0, 1_800_000_000, 1_800_086_400, 600)).toBe(
      timeSpace(1_800_000_000, 1_800_086_400, 600, 'en-US', (text) => text.length * 7),
    );
  });

  it("shows the hovered bucket's period and each value with its unit in a tip, in the culture", async () => {
    // 2027-01-15 08:00 UTC, buckets of a minute; the second bucket has no value.
    const start = Date.UTC(2027, 0, 15, 8, 0, 0) / 1000;
    render(
      chart({
        times: [start, start + 60, start + 120],
        values: [1234.5, null, 7],
        bucketSeconds: 60,
        culture: 'de-DE',
        unitText: 'IOPS',
        noDataText: 'keine Daten',
      }),
    );
    const plot = await lastPlot();
    const setCursor = plot.options.hooks?.setCursor?.[0];
    if (typeof setCursor !== 'function') throw new Error('no hover tip (the legend is hidden)');
    const over = plot.over;
    Object.defineProperty(over, 'clientWidth', { value: 400 });
    const hover = (idx: number | null, left: number) => {
      setCursor({ over, data: plot.data, cursor: { idx, left } } as unknown as uPlot);
      return over.querySelector<HTMLElement>('.viewer-chart__tip');
    };
    const tip = hover(0, 30);
    expect(tip?.hidden).toBe(false);
    // The bucket's period as German writes a range of one minute, 24-hour; the value in German digits with its unit.
    const period = new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeStyle: 'medium' }).formatRange(
      start * 1000,
      (start + 60) * 1000,
    );
    expect(tip?.firstElementChild?.textContent).toBe(period);
    expect(period).not.toMatch(/AM|PM/);
    expect(tip?.textContent).toContain('Read IOPS: 1234.5 IOPS'.replace('1234.5', format(1234.5)));
    // Left of the plot's middle: to the pointer's right; past the middle: to its left; never past the plot's edges.
    let tipWidth = 150;
    if (tip) Object.defineProperty(tip, 'offsetWidth', { get: () => tipWidth });
    expect(hover(0, 30)?.style.left).toBe('42px');
    expect(hover(2, 300)?.style.left).toBe(`${String(300 - 12 - 150)}px`);
    tipWidth = 350;
    expect(hover(0, 100)?.style.left).toBe(`${String(400 - 350)}px`);
    expect(hover(2, 210)?.style.left).toBe('0px');
    // A bucket without a value says so (never 0).
    expect(hover(1, 100)?.textContent).toContain('keine Daten');
    expect(hover(1, 100)?.textContent).not.toMatch(/: 0 /);
    // The pointer left the plot: no tip.
    expect(hover(null, -10)?.hidden).toBe(true);
  });

  it('writes a hovered value in the chart format and leaves out lines without a value there', () => {
    const data: uPlot.AlignedData = [
      [0, 60],
      [5, null],
      [null, null],
    ];
    const lines = [
      { label: 'Read', values: [5, null], color: '--a' },
      { label: 'Write', values: [null, null], color: '--b' },
    ];
    const options = {
      bucketSeconds: 0,
      format: (v: number) => `<${String(v)}>`,
      unitText: 'ms',
      noDataText: 'none',
      culture: 'en-US',
    };
    expect(hoverContent(data, 0, lines, options).rows).toEqual([{ label: 'Read', text: '<5> ms' }]);
    expect(hoverContent(data, 1, lines, options).rows).toEqual([{ label: '', text: 'none' }]);
    // A bucket of no width (one sample) is its own time.
    expect(hoverContent(data, 0, lines, options).period).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'medium' }).format(0),
    );
  });

  it('ticks a memory chart at round GiB values and holds its peak under the top tick', async () => {
    const GIB = 2 ** 30;
    render(chart({ values: [20 * GIB, 37.3 * GIB], valueUnit: GIB }));
    const plot = await lastPlot();
    const range = plot.options.scales?.y?.range;
    if (typeof range !== 'function') throw new Error('no y range');
    const [min, max] = range(self(), 20 * GIB, 37.3 * GIB, 'y');
    expect([min, max]).toEqual([0, 40 * GIB]);
    const splits = plot.options.axes?.[1]?.splits;
    if (typeof splits !== 'function') throw new Error('no y splits');
    const ticks = splits(self(), 1, 0, 40 * GIB, 0, 0);
    expect(ticks.map((v) => v / GIB)).toEqual([0, 10, 20, 30, 40]);
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(37.3 * GIB);
  });

  it('keeps a longer collection on its own extent', async () => {
    render(chart({ times: [1_800_000_000, 1_800_003_600, 1_800_086_400], bucketSeconds: 3600 }));
    const range = (await lastPlot()).options.scales?.x?.range;
    if (typeof range !== 'function') throw new Error('no x range');
    expect(range(self(), 1_800_000_000, 1_800_086_400, 'x')).toEqual([1_800_000_000, 1_800_086_400]);
  });

  it('sizes the value axis to its widest label, so "100,000" is not clipped', async () => {
    render(chart({ values: [0, 100_000] }));
    const plot = await lastPlot();
    const axis = plot.options.axes?.[1];
    const size = axis?.size;
    if (typeof size !== 'function') throw new Error('the axis size is fixed');
    const wide = size(self(), ['0', '50,000', '100,000'], 1, 0);
    // 7 characters of 7 px, plus the tick and the gap: more than the 56 px that clipped it to "00,000".
    expect(wide).toBeGreaterThanOrEqual(7 * 7 + 10);
    expect(wide).toBeGreaterThan(56);
    expect(size(self(), ['0', '5', '10'], 1, 0)).toBeLessThan(wide);
    expect(axis?.values).toBeTypeOf('function');
  });

  it("measures each axis label once over uPlot's sizing passes and for every chart after it", async () => {
    render(chart({ values: [0, 100_000] }));
    const first = await lastPlot();
    render(chart({ values: [0, 100_000], label: 'CPU usage' }));
    const second = await lastPlot();
    const sizes = [first, second].map((plot) => {
      const size = plot.options.axes?.[1]?.size;
      if (typeof size !== 'function') throw new Error('the axis size is fixed');
      return size;
    });
    const [size, other] = sizes;
    if (!size || !other) throw new Error('two charts');
    const measureText = vi.fn((text: string) => ({ width: text.length * 7 }));
    const u = { ctx: { font: '', measureText } } as unknown as uPlot;
    // Labels of this case only (the widths are shared by every chart of the page, and so by the cases of this file).
    const once = size(u, ['0 m', '50,000 m', '100,000 m'], 1, 0);
    expect(size(u, ['0 m', '50,000 m', '100,000 m'], 1, 1)).toBe(once);
    expect(size(u, ['0 m', '100,000 m', '200,000 m'], 1, 2)).toBe(once);
    // Another chart with the same labels measures nothing again.
    expect(other(u, ['0 m', '50,000 m', '100,000 m'], 1, 0)).toBe(once);
    expect(measureText.mock.calls.map(([text]) => text)).toEqual([
      '0 m',
      '50,000 m',
      '100,000 m',
      '200,000 m',
    ]);
  });

  it('spaces the time axis once for every chart of the same period and width', async () => {
    render(chart({}));
    const first = await lastPlot();
    render(chart({ label: 'CPU usage' }));
    const second = await lastPlot();
    const spaceOf = (plot: typeof first) => {
      const space = plot.options.axes?.[0]?.space;
      if (typeof space !== 'function') throw new Error('a time axis');
      return space;
    };
    const measureText = vi.fn((text: string) => ({ width: text.length * 7 }));
    const u = { ctx: { font: '', measureText } } as unknown as uPlot;
    // A period of this case only: 2 days from an hour no other case starts at.
    const [min, max] = [1_700_003_600, 1_700_003_600 + 2 * 86_400];
    const space = spaceOf(first)(u, 0, min, max, 321);
    expect(measureText).toHaveBeenCalled();
    measureText.mockClear();
    expect(spaceOf(second)(u, 0, min, max, 321)).toBe(space);
    expect(measureText).not.toHaveBeenCalled();
  });

  it('keeps at most AXIS_MEMO_LIMIT measurements, then starts afresh', () => {
    expect(AXIS_MEMO_LIMIT).toBe(500);
    const compute = vi.fn(() => 1);
    axisMemoized('limit|first', compute);
    axisMemoized('limit|first', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    for (let i = 0; i < AXIS_MEMO_LIMIT; i++) axisMemoized(`limit|${String(i)}`, () => i);
    axisMemoized('limit|first', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('breaks the lines where the times jump by more than a bucket', async () => {
    render(chart({ times: [0, 60, 600, 660], label: 'CPU usage', bucketSeconds: 60 }));
    const { data, options } = await lastPlot();
    expect(data[0]).toEqual([0, 60, 120, 600, 660]);
    expect(data[1]).toEqual([1, 2, null, 3, 4]);
    expect(options.series[1]?.spanGaps).toBe(false);
  });

  it('zooms on a finger dragged across the plot, not on a tap', async () => {
    const onSelectRange = vi.fn();
    render(chart({ onSelectRange }));
    const { over } = await lastPlot();
    const pointer = (type: string, clientX: number, pointerType = 'touch') => {
      const event = new MouseEvent(type, { clientX, bubbles: true });
      Object.defineProperty(event, 'pointerType', { value: pointerType });
      Object.defineProperty(event, 'pointerId', { value: 1 });
      over.dispatchEvent(event);
    };
    // A tap (under 8 px): nothing.
    pointer('pointerdown', 200);
    pointer('pointerup', 203);
    expect(onSelectRange).not.toHaveBeenCalled();
    // A drag from 100 px to 250 px into the plot (its left edge at 100 px on the page).
    pointer('pointerdown', 200);
    pointer('pointermove', 300);
    pointer('pointerup', 350);
    expect(onSelectRange).toHaveBeenCalledExactlyOnceWith(1_000_000 + 100 * 10, 1_000_000 + 250 * 10);
    // A mouse is uPlot's own (its drag selection): the touch handler leaves it alone.
    pointer('pointerdown', 200, 'mouse');
    pointer('pointerup', 350, 'mouse');
    expect(onSelectRange).toHaveBeenCalledTimes(1);
  });

  it("draws again on a new width only: the observer's first report (the width just drawn at) redraws nothing", async () => {
    render(chart());
    const plot = await lastPlot();
    const report = observers.at(-1);
    if (!report) throw new Error('no resize observer');
    // jsdom lays nothing out: the plot was drawn at its smallest width.
    expect(plot.options.width).toBe(200);
    report([{ contentRect: { width: 200 } }]);
    expect(plot.resized).toEqual([]);
    report([{ contentRect: { width: 360.6 } }]);
    expect(plot.resized).toEqual([360]);
    report([{ contentRect: { width: 360 } }]);
    expect(plot.resized).toEqual([360]);
  });

  it('draws in a task of its own after rendering, and not at all when it goes before that task', async () => {
    const view = render(chart());
    // Not in the render's own task: several charts coming near the screen at once draw one task each.
    expect(plots).toHaveLength(0);
    await lastPlot();
    expect(plots).toHaveLength(1);
    plots.length = 0;
    render(chart()).unmount();
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(plots).toHaveLength(0);
  });

  it('hands the drawing turn on when a plot fails to build: the next chart still draws', () => {
    vi.useFakeTimers();
    try {
      render(chart({ label: 'Broken line' }));
      render(chart({ label: 'Write IOPS' }));
      vi.runOnlyPendingTimers(); // both charts' data and options
      // The first plot's build throws, as a script error of its task.
      expect(() => vi.runOnlyPendingTimers()).toThrow('uPlot failed');
      vi.runAllTimers();
      expect(plots.map((plot) => plot.options.series[1]?.label)).toEqual(['Write IOPS']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('builds the plot in one task and draws it (uPlot’s init) in the next, and never draws a plot left before that', () => {
    vi.useFakeTimers();
    try {
      const view = render(chart());
      vi.runOnlyPendingTimers(); // the data and options
      vi.runOnlyPendingTimers(); // the plot built
      expect(built).toHaveLength(1);
      expect(plots).toHaveLength(0);
      vi.runOnlyPendingTimers(); // the plot drawn
      expect(plots).toHaveLength(1);

      // Its frames pass (drawInTurn); a new range: built, then the chart leaves before its drawing's task.
      vi.runAllTimers();
      plots.length = 0;
      built.length = 0;
      view.rerender(chart({ times: [0, 60, 120] }));
      vi.runOnlyPendingTimers();
      vi.runOnlyPendingTimers();
      expect(built).toHaveLength(1);
      view.unmount();
      vi.runAllTimers();
      expect(plots).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('drawInTurn', () => {
  it('draws one chart at a time: the next once the one drawing is drawn and has had its frames', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    try {
      const started: string[] = [];
      let releaseFirst: () => void = () => undefined;
      drawInTurn((release) => {
        started.push('first');
        releaseFirst = release;
        return () => undefined;
      });
      drawInTurn((release) => {
        started.push('second');
        release();
        return () => undefined;
      });
      expect(started).toEqual(['first']);
      vi.advanceTimersByTime(1000);
      // Not drawn yet: no turn for the second.
      expect(started).toEqual(['first']);
      releaseFirst();
      expect(CHART_SETTLE_FRAMES).toBe(3);
      for (let frame = 1; frame < CHART_SETTLE_FRAMES; frame++) {
        vi.advanceTimersToNextFrame();
        expect(started).toEqual(['first']);
        // The next frame and its longest wait, nothing left of the frame that came.
        expect(vi.getTimerCount()).toBe(2);
      }
      vi.advanceTimersToNextFrame();
      expect(started).toEqual(['first', 'second']);
      vi.runAllTimers();
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for a frame at most 50 ms (a hidden page draws no frames)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 0);
    try {
      const started: string[] = [];
      drawInTurn((release) => {
        started.push('first');
        release();
        return () => undefined;
      });
      const leaveSecond = drawInTurn(() => {
        started.push('second');
        return () => undefined;
      });
      vi.advanceTimersByTime(50 * CHART_SETTLE_FRAMES - 1);
      expect(started).toEqual(['first']);
      vi.advanceTimersByTime(1);
      expect(started).toEqual(['first', 'second']);
      leaveSecond();
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });

  it('never starts a chart left while waiting, and hands the turn on at once when the drawing one leaves', () => {
    const started: string[] = [];
    const stopped: string[] = [];
    const turn = (name: string) =>
      drawInTurn(() => {
        started.push(name);
        return () => stopped.push(name);
      });
    const leaveFirst = turn('first');
    const leaveSecond = turn('second');
    const leaveThird = turn('third');
    leaveSecond();
    expect(started).toEqual(['first']);
    leaveFirst();
    expect(stopped).toEqual(['first']);
    expect(started).toEqual(['first', 'third']);
    leaveThird();
  });
});

describe('bitmapMirror', () => {
  it('leaves the plot’s own canvas shown where the browser has no bitmap renderer', () => {
    const host = document.createElement('div');
    const source = document.createElement('canvas');
    host.append(source);
    expect(bitmapMirror(source)).toBeNull();
    expect(source.style.display).toBe('');
    expect(host.children).toHaveLength(1);
  });

  it('shows each drawing as an image in a canvas beside the hidden plot canvas, the latest drawing winning', async () => {
    const transferred: object[] = [];
    const closed: object[] = [];
    const pending: ((bitmap: object) => void)[] = [];
    vi.stubGlobal('createImageBitmap', () => new Promise((resolve) => pending.push(resolve)));
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(((kind: string) =>
        kind === 'bitmaprenderer'
          ? { transferFromImageBitmap: (bitmap: object) => transferred.push(bitmap) }
          : null) as unknown as typeof HTMLCanvasElement.prototype.getContext);
    try {
      const host = document.createElement('div');
      const source = document.createElement('canvas');
      host.append(source);
      const show = bitmapMirror(source);
      if (!show) throw new Error('no mirror');
      expect(source.style.display).toBe('none');
      const shown = host.lastElementChild;
      expect(shown).not.toBe(source);
      expect(shown?.className).toBe('viewer-chart__image');
      const bitmap = (name: string) => {
        const made = { name, width: 592, height: 350, close: () => closed.push(made) };
        return made;
      };
      show();
      show();
      const first = bitmap('first');
      const second = bitmap('second');
      // The later drawing's image arrives first: shown; the earlier one, arriving after, is dropped.
      pending[1]?.(second);
      pending[0]?.(first);
      await waitFor(() => {
        expect(transferred).toEqual([second]);
      });
      // At the image's own size, not the canvas' default 300 x 150.
      expect([(shown as HTMLCanvasElement).width, (shown as HTMLCanvasElement).height]).toEqual([592, 350]);
      // The earlier image is let go (its memory freed), never shown.
      await waitFor(() => {
        expect(closed).toEqual([first]);
      });
      expect(transferred).toEqual([second]);
    } finally {
      getContext.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
