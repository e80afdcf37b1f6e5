// The uPlot chart, in its own lazy chunk (with uPlot's CSS): only the viewer route loads it.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

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
  /** Formats an axis value (already in the display unit's culture format). */
  format: (value: number) => string;
  height?: number;
  /** A drag across the plot selected the times from `min` to `max` (Unix seconds): the viewer zooms to them. */
  onSelectRange?: ((min: number, max: number) => void) | undefined;
}

const MIN_WIDTH = 200;

/** Reads a color custom property off the chart's element (so a theme's override applies). */
function cssColor(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

/**
 * A time-series chart of downsampled buckets. Decorative for assistive technology (aria-hidden): the figures
 * table beside it carries the same information, and the range selector does from the keyboard what a drag across
 * the plot does (zoom). It follows its container's width (ResizeObserver), down to phones.
 */
export default function Chart({ times, lines, format, height = 200, onSelectRange }: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The latest callback, without drawing the plot again when only it changes.
  const onSelect = useRef(onSelectRange);
  useEffect(() => {
    onSelect.current = onSelectRange;
  }, [onSelectRange]);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const axis = cssColor(element, '--viewer-axis', '#4f5661');
    const grid = cssColor(element, '--viewer-grid', '#d3d7dd');
    const options: uPlot.Options = {
      width: Math.max(MIN_WIDTH, Math.floor(element.clientWidth)),
      height,
      legend: { show: false },
      // Drag across the plot to zoom: uPlot draws the selection; the viewer sets the range (and loads its
      // buckets at full resolution) instead of uPlot rescaling the data it has.
      cursor: { drag: { x: true, y: false, setScale: false } },
      hooks: {
        setSelect: [
          (u) => {
            const { left, width } = u.select;
            if (width <= 0) return;
            const min = u.posToVal(left, 'x');
            const max = u.posToVal(left + width, 'x');
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            onSelect.current?.(min, max);
          },
        ],
      },
      scales: { x: { time: true } },
      axes: [
        { stroke: axis, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } },
        {
          stroke: axis,
          size: 56,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid, width: 1 },
          values: (_u, values) => values.map((v) => format(v)),
        },
      ],
      series: [
        {},
        ...lines.map((line) => ({
          label: line.label,
          stroke: cssColor(element, line.color, '#0b5cad'),
          width: 1.5,
          points: { show: false },
          ...(line.dashed ? { dash: [4, 4] } : {}),
        })),
      ],
    };
    const data: uPlot.AlignedData = [Array.from(times), ...lines.map((line) => Array.from(line.values))];
    const plot = new uPlot(options, data, element);
    const observer = new ResizeObserver((entries) => {
      const width = entries[0]?.contentRect.width ?? MIN_WIDTH;
      plot.setSize({ width: Math.max(MIN_WIDTH, Math.floor(width)), height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [times, lines, format, height]);
  return <div ref={ref} className="viewer-chart__plot" aria-hidden="true" />;
}
