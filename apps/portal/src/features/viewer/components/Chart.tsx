// The uPlot chart, in its own lazy chunk (with uPlot's CSS): only the viewer route loads it.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDate } from '@/lib/i18n/i18n';
import { axisWidth, isolatedPoints, singleTime, timeRange, valueAxis, withGaps } from '../chart-data';
import { nextTask } from '../next-task';
import { TIME_INCRS, bucketPeriod, timeSpace, timeTicks } from '../time-axis';

export interface ChartLine {
  label: string;
  values: readonly (number | null)[];
  /** A custom property naming the line's color (see viewer.css; defined on the kit's tokens). */
  color: string;
  dashed?: boolean;
}

export interface ChartProps {
  /** Bucket starts, Unix seconds. */
  times: readonly number[];
  lines: readonly ChartLine[];
  /** The width of a bucket (seconds): a lone sample gets a bucket of axis either side, jumps become gaps. */
  bucketSeconds?: number;
  /** Formats an axis value (already in the display unit's culture format). */
  format: (value: number) => string;
  /** The data units in one display unit (2^30: bytes shown in GiB): the value axis ticks at round display values. */
  valueUnit?: number;
  /** The portal's culture (i18n.locale): the time axis' ticks and a sample's time are written in it (Intl). */
  culture: string;
  /** The unit a value is in, as words (the chart's title says it too): written after each value the hover tip shows. */
  unitText: string;
  /** What the hover tip says for a bucket without a value ("no data"; never 0). */
  noDataText: string;
  height?: number;
  /** A drag across the plot selected the times from `min` to `max` (Unix seconds): the viewer zooms to them. */
  onSelectRange?: ((min: number, max: number) => void) | undefined;
}

const MIN_WIDTH = 200;
/** The axes' font: set on uPlot and used to measure the value labels (so the axis fits them). */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** How many measured widths and tick spacings the charts keep between them before starting afresh. */
export const AXIS_MEMO_LIMIT = 500;
const axisMemo = new Map<string, unknown>();

/**
 * What the charts' axes measure, shared by every chart: they share their font, and a viewer's charts their period and
 * width, so a chart drawn after another measures nothing again (uPlot sizes its axes over up
 * to three passes per chart; the label widths and the time axis' spacing were a third of a chart's first drawing).
 */
export function axisMemoized<T>(key: string, compute: () => T): T {
  if (axisMemo.has(key)) return axisMemo.get(key) as T;
  const value = compute();
  if (axisMemo.size >= AXIS_MEMO_LIMIT) axisMemo.clear();
  axisMemo.set(key, value);
  return value;
}

/** The hover tip's distance from the pointer (CSS pixels). */
const TIP_GAP = 12;
/** A touch drag narrower than this (CSS pixels) is a tap, not a zoom. */
const MIN_TOUCH_DRAG = 8;

/**
 * Frames each chart's first drawing has to itself before the next chart draws. Charts that come near the screen
 * together (or redraw together for a new range) would otherwise share a frame: their plots laid out, painted and handed
 * to the compositor at once. Scrolling the 52-server viewer at 4x CPU: 1-3 tasks over 50 ms with three frames, 2-6
 * with one (runs in the machine's slow minutes left out).
 */
export const CHART_SETTLE_FRAMES = 3;
/** The longest a frame is waited for (no frames come while the page is hidden): the next chart draws anyway. */
const FRAME_WAIT_MS = 50;

interface Turn {
  start: (release: () => void) => () => void;
  /** Stops the turn's steps once it has started. */
  stop: (() => void) | null;
  released: boolean;
}
/** Charts waiting for their turn to draw, in the order they asked. */
const waiting: Turn[] = [];
/** The chart drawing now, or whose first frames are not over. */
let drawing: Turn | null = null;

/** Runs `then` after `count` frames (each waited for at most FRAME_WAIT_MS). */
function afterFrames(count: number, then: () => void): void {
  if (count <= 0) {
    then();
    return;
  }
  let done = false;
  const next = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    afterFrames(count - 1, then);
  };
  // A frame comes in a later task than this one, so the timer is set before `next` can run.
  const timer = setTimeout(next, FRAME_WAIT_MS);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(next);
}

function nextTurn(): void {
  const turn = waiting.shift() ?? null;
  drawing = turn;
  if (!turn) return;
  turn.stop = turn.start(() => {
    if (turn.released) return;
    turn.released = true;
    afterFrames(CHART_SETTLE_FRAMES, nextTurn);
  });
}

/**
 * Runs `start` when no other chart is drawing or in its first frames (CHART_SETTLE_FRAMES). `start` is given what it
 * calls once its plot is drawn, and returns what stops its steps. Returns what cancels the turn: taken from the queue
 * if still waiting, or stopped, handing the turn on at once, if drawing.
 */
export function drawInTurn(start: (release: () => void) => () => void): () => void {
  const turn: Turn = { start, stop: null, released: false };
  waiting.push(turn);
  if (drawing === null) nextTurn();
  return () => {
    const index = waiting.indexOf(turn);
    if (index >= 0) {
      waiting.splice(index, 1);
      return;
    }
    turn.stop?.();
    if (drawing === turn && !turn.released) {
      turn.released = true;
      nextTurn();
    }
  };
}

/**
 * Shows what uPlot draws through a canvas that takes each drawing as an image (a bitmap renderer), uPlot's own canvas
 * kept out of the page's painting. Where the browser composites in software (no GPU: virtual desktops, headless), a
 * painted 2D canvas costs the main thread a new buffer of its size in each of its first three frames: 15 ms each at 4x
 * CPU for a phone's chart, four charts near the screen together a 60 ms frame. A bitmap renderer's image is handed to
 * the compositor as it is. Returns what shows uPlot's latest drawing (a hook for uPlot's `draw`), or null where the
 * browser has no bitmap renderer (the plot's own canvas is shown then).
 */
export function bitmapMirror(source: HTMLCanvasElement): (() => void) | null {
  if (typeof createImageBitmap !== 'function') return null;
  const shown = document.createElement('canvas');
  const renderer = shown.getContext('bitmaprenderer');
  if (!renderer) return null;
  shown.className = 'viewer-chart__image';
  source.style.display = 'none';
  source.after(shown);
  let latest = 0;
  return () => {
    const ticket = ++latest;
    void createImageBitmap(source).then((bitmap) => {
      // A later drawing's image wins over an earlier one still on its way.
      if (ticket !== latest) {
        bitmap.close();
        return;
      }
      // The image's own size (a bitmap renderer keeps its canvas' size and scales the image to it).
      if (shown.width !== bitmap.width) shown.width = bitmap.width;
      if (shown.height !== bitmap.height) shown.height = bitmap.height;
      renderer.transferFromImageBitmap(bitmap);
    });
  };
}

/** Reads a color custom property off the chart's computed style (so a theme's override applies). */
function cssColor(style: CSSStyleDeclaration, name: string, fallback: string): string {
  return style.getPropertyValue(name).trim() || fallback;
}

/**
 * A drag across the plot with a finger selects a period like a mouse drag does (uPlot only follows the mouse). The
 * plot lets the page scroll vertically (touch-action: pan-y in viewer.css), so a vertical swipe still scrolls.
 */
function touchZoom(plot: uPlot, onSelect: (min: number, max: number) => void): () => void {
  const over = plot.over;
  let start: number | null = null;
  const x = (event: PointerEvent) => {
    const rect = over.getBoundingClientRect();
    return Math.min(rect.width, Math.max(0, event.clientX - rect.left));
  };
  const down = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    start = x(event);
    // Keep the finger's moves when it leaves the plot (not every DOM has pointer capture).
    if (typeof over.setPointerCapture === 'function') over.setPointerCapture(event.pointerId);
  };
  const move = (event: PointerEvent) => {
    if (start === null) return;
    const now = x(event);
    plot.setSelect(
      { left: Math.min(start, now), width: Math.abs(now - start), top: 0, height: over.clientHeight },
      false,
    );
  };
  const up = (event: PointerEvent) => {
    if (start === null) return;
    const end = x(event);
    const left = Math.min(start, end);
    const width = Math.abs(end - start);
    start = null;
    plot.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
    if (width >= MIN_TOUCH_DRAG) onSelect(plot.posToVal(left, 'x'), plot.posToVal(left + width, 'x'));
  };
  const cancel = () => {
    start = null;
    plot.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
  };
  over.addEventListener('pointerdown', down);
  over.addEventListener('pointermove', move);
  over.addEventListener('pointerup', up);
  over.addEventListener('pointercancel', cancel);
  return () => {
    over.removeEventListener('pointerdown', down);
    over.removeEventListener('pointermove', move);
    over.removeEventListener('pointerup', up);
    over.removeEventListener('pointercancel', cancel);
  };
}

/** A line's value at a hovered bucket, as the tip writes it. */
export interface HoverRow {
  label: string;
  /** The value in the culture's format and its unit, or the "no data" text. */
  text: string;
}

/**
 * What the hover tip says of the bucket at `index`: the period it measured and each line's value with its unit (the
 * lines without a value there left out; none at all: one "no data" row).
 */
export function hoverContent(
  data: uPlot.AlignedData,
  index: number,
  lines: readonly ChartLine[],
  options: {
    bucketSeconds: number;
    format: (value: number) => string;
    unitText: string;
    noDataText: string;
    culture: string;
  },
): { period: string; rows: HoverRow[] } {
  const start = data[0][index] ?? 0;
  const rows: HoverRow[] = [];
  lines.forEach((line, i) => {
    const value = data[i + 1]?.[index];
    if (typeof value === 'number')
      rows.push({ label: line.label, text: `${options.format(value)} ${options.unitText}` });
  });
  return {
    period: bucketPeriod(start, options.bucketSeconds, options.culture),
    rows: rows.length > 0 ? rows : [{ label: '', text: options.noDataText }],
  };
}

/** The plot's hover tip (made on first use): on the plot's overlay, never in the way of the pointer. */
function hoverTip(over: HTMLElement): HTMLDivElement {
  const found = over.querySelector<HTMLDivElement>('.viewer-chart__tip');
  if (found) return found;
  const tip = document.createElement('div');
  tip.className = 'viewer-chart__tip';
  tip.hidden = true;
  over.append(tip);
  return tip;
}

/** uPlot's options for the chart (exported for the unit test, which cannot draw on a canvas). */
export function chartOptions({
  width,
  height,
  lines,
  data,
  bucketSeconds,
  format,
  valueUnit = 1,
  culture,
  unitText = '',
  noDataText = '',
  colors,
  onSelect,
}: {
  width: number;
  height: number;
  lines: readonly ChartLine[];
  data: uPlot.AlignedData;
  bucketSeconds: number;
  format: (value: number) => string;
  valueUnit?: number;
  culture: string;
  unitText?: string;
  noDataText?: string;
  colors: { axis: string; grid: string; lines: readonly string[] };
  onSelect: (min: number, max: number) => void;
}): uPlot.Options {
  const times = data[0];
  const first = times[0];
  const last = times[times.length - 1];
  // A single sample time: one tick at it, labelled with its date and time in the culture (uPlot's own ticks around
  // one point are of seconds and cut the date).
  const single = singleTime(Array.from(times));
  const formatTime = (seconds: number) => formatDate(seconds * 1000, culture);
  const singleTick: Partial<uPlot.Axis> =
    single !== null ? { splits: () => [single], values: () => [formatTime(single)] } : {};
  // uPlot sizes the axes over a few passes of the same labels: each label is measured once (for every chart).
  const measure = (u: uPlot, text: string) =>
    axisMemoized(`width|${text}`, () => {
      u.ctx.font = AXIS_FONT;
      return u.ctx.measureText(text).width;
    });
  // The value axis uPlot last asked a range for: its ticks are the axis' splits (the top one holds the peak).
  let values = valueAxis(null, null, valueUnit);
  return {
    width,
    height,
    legend: { show: false },
    // Drag across the plot to zoom: uPlot draws the selection; the viewer sets the range (and loads its
    // buckets at full resolution) instead of uPlot rescaling the data it has.
    cursor: { drag: { x: true, y: false, setScale: false } },
    hooks: {
      // The legend is hidden (the card's own legend names the lines): the period and values under the pointer are
      // shown in a tip of their own, in the culture, with their unit.
      setCursor: [
        (u) => {
          const tip = hoverTip(u.over);
          const { idx, left } = u.cursor;
          if (idx === null || idx === undefined || left === undefined || left < 0) {
            tip.hidden = true;
            return;
          }
          const { period, rows } = hoverContent(u.data, idx, lines, {
            bucketSeconds,
            format,
            unitText,
            noDataText,
            culture,
          });
          const head = document.createElement('div');
          head.className = 'viewer-chart__tip-period';
          head.textContent = period;
          tip.replaceChildren(
            head,
            ...rows.map((row) => {
              const line = document.createElement('div');
              line.textContent = row.label === '' ? row.text : `${row.label}: ${row.text}`;
              return line;
            }),
          );
          tip.hidden = false;
          // Beside the pointer, on the side with more room, and never past the plot's edges (on a phone the tip is
          // nearly as wide as the plot: its lines wrap at the plot's width, see viewer.css).
          const room = u.over.clientWidth;
          const width = tip.offsetWidth;
          const x = left > room / 2 ? left - TIP_GAP - width : left + TIP_GAP;
          tip.style.left = `${String(Math.max(0, Math.min(room - width, x)))}px`;
        },
      ],
      setSelect: [
        (u) => {
          const { left, width: selected } = u.select;
          if (selected <= 0) return;
          const min = u.posToVal(left, 'x');
          const max = u.posToVal(left + selected, 'x');
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
          onSelect(min, max);
        },
      ],
    },
    // The data's own extent; a single sample gets a bucket of time either side (uPlot would give it ~1000 days).
    scales: {
      x: {
        time: true,
        range: () => timeRange(first ?? null, last ?? null, bucketSeconds),
      },
      y: {
        range: (_u, min, max) => {
          values = valueAxis(min, max, valueUnit);
          return values.range;
        },
      },
    },
    axes: [
      {
        stroke: colors.axis,
        font: AXIS_FONT,
        grid: { stroke: colors.grid, width: 1 },
        ticks: { stroke: colors.grid, width: 1 },
        // Intl's labels in the portal's culture (uPlot's own are English templates), the ticks as far apart as
        // those labels need ("3:00 PM" is wider than "15:00").
        incrs: [...TIME_INCRS],
        space: (u, _axis, min, max, dim) =>
          axisMemoized(`space|${culture}|${String(min)}|${String(max)}|${String(dim)}`, () =>
            timeSpace(min, max, dim, culture, (text) => measure(u, text)),
          ),
        values: (_u, ticks, _axis, _space, incr) => timeTicks(ticks, incr, culture),
        ...singleTick,
      },
      {
        stroke: colors.axis,
        font: AXIS_FONT,
        // As wide as its widest label.
        size: (u, values) => axisWidth(values, (text) => measure(u, text)),
        grid: { stroke: colors.grid, width: 1 },
        ticks: { stroke: colors.grid, width: 1 },
        splits: (_u, _axis, min, max) => values.ticks.filter((v) => v >= min && v <= max),
        values: (_u, ticks) => ticks.map((v) => format(v)),
      },
    ],
    series: [
      // The time series (its hover text is the tip's, see setCursor).
      {},
      ...lines.map((line, index) => ({
        label: line.label,
        stroke: colors.lines[index] ?? '#0b5cad',
        width: 1.5,
        // Nulls are gaps (never joined across); a value alone between gaps is drawn as a dot.
        spanGaps: false,
        points: {
          show: true,
          size: 6,
          fill: colors.lines[index] ?? '#0b5cad',
          filter: () => isolatedPoints((data[index + 1] ?? []) as (number | null)[]),
        },
        ...(line.dashed ? { dash: [4, 4] } : {}),
      })),
    ],
  };
}

/**
 * A time-series chart of downsampled buckets. Decorative for assistive technology (aria-hidden): the figures
 * table beside it carries the same information, and the range selector does from the keyboard what a drag across
 * the plot does (zoom). It follows its container's width (ResizeObserver), down to phones; its box is reserved by
 * the card (viewer.css) before it draws.
 */
export default function Chart({
  times,
  lines,
  bucketSeconds = 0,
  format,
  valueUnit = 1,
  culture,
  unitText,
  noDataText,
  height = 200,
  onSelectRange,
}: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The latest callback, without drawing the plot again when only it changes.
  const onSelect = useRef(onSelectRange);
  useEffect(() => {
    onSelect.current = onSelectRange;
  }, [onSelectRange]);
  // The plot drawn last: kept on screen until the next one replaces it (no blank frame while a new range draws).
  const plot = useRef<uPlot | null>(null);
  useEffect(
    () => () => {
      plot.current?.destroy();
      plot.current = null;
    },
    [],
  );
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let stopTouch: (() => void) | null = null;
    let observer: ResizeObserver | null = null;
    let cancelDraw: (() => void) | null = null;
    // Drawn in tasks of their own (nextTask): the data and options first, then, in the chart's turn (drawInTurn),
    // uPlot's plot and its drawing. Charts that come near the screen together, or a new range for every chart at once,
    // draw a few short tasks each, one chart after the other, instead of in one long task that blocks a phone's input.
    const cancelPrepare = nextTask(() => {
      const filled = withGaps(
        times,
        lines.map((line) => line.values),
        bucketSeconds,
      );
      const data: uPlot.AlignedData = [filled.times, ...filled.lines];
      const select = (min: number, max: number) => onSelect.current?.(min, max);
      // One style read for every color.
      const style = getComputedStyle(element);
      const options = chartOptions({
        width: Math.max(MIN_WIDTH, Math.floor(element.clientWidth)),
        height,
        lines,
        data,
        bucketSeconds,
        format,
        valueUnit,
        culture,
        unitText,
        noDataText,
        colors: {
          axis: cssColor(style, '--viewer-axis', '#4f5661'),
          grid: cssColor(style, '--viewer-grid', '#d3d7dd'),
          lines: lines.map((line) => cssColor(style, line.color, '#0b5cad')),
        },
        onSelect: select,
      });
      cancelDraw = drawInTurn((release) => {
        let cancelStep = nextTask(() => {
          plot.current?.destroy();
          // uPlot builds the plot here and draws it (its init) in a further task of its own: a phone runs two shorter
          // tasks instead of one over 50 ms. A plot that fails to build or draw still hands the turn on.
          let drawn: uPlot;
          try {
            drawn = new uPlot(options, data, (self, init) => {
              element.append(self.root);
              cancelStep = nextTask(() => {
                try {
                  // Shown as an image of each drawing (bitmapMirror), the first one uPlot's init.
                  const show = bitmapMirror(drawn.ctx.canvas);
                  if (show) drawn.hooks.draw = [...(drawn.hooks.draw ?? []), show];
                  // uPlot types init as Function: it takes no argument.
                  (init as () => void)();
                } finally {
                  release();
                }
                observer = new ResizeObserver((entries) => {
                  const width = Math.max(MIN_WIDTH, Math.floor(entries[0]?.contentRect.width ?? MIN_WIDTH));
                  // The observer's first report is the size the plot was just drawn at: uPlot would draw it all again.
                  if (width !== drawn.width) drawn.setSize({ width, height });
                });
                observer.observe(element);
              });
            });
          } catch (error) {
            release();
            throw error;
          }
          plot.current = drawn;
          stopTouch = touchZoom(drawn, select);
        });
        return () => {
          cancelStep();
        };
      });
    });
    return () => {
      cancelPrepare();
      cancelDraw?.();
      observer?.disconnect();
      stopTouch?.();
    };
  }, [times, lines, bucketSeconds, format, valueUnit, culture, unitText, noDataText, height]);
  return <div ref={ref} className="viewer-chart__plot" aria-hidden="true" />;
}
