/** Where a score chart draws, in pixels of its SVG: pure arithmetic, no React and no DOM. */

/** Room around the plot: the y labels (0, 50, 100) on the left, the day labels below and half the last one's width on the right. */
export const CHART_MARGIN = { top: 8, right: 16, bottom: 24, left: 32 } as const;

/** Scores run from 0 to 100. */
const SCORE_MAX = 100;

interface ChartScales {
  /** The plot's edges inside the SVG. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Pixels between two neighbouring days (0 with a single day). */
  dayStep: number;
  /** x of a day of the window (its index); a single day sits in the middle. */
  x: (index: number) => number;
  /** y of a score, 100 at the top. */
  y: (score: number) => number;
}

export function chartScales(width: number, height: number, dayCount: number): ChartScales {
  const left = CHART_MARGIN.left;
  const right = Math.max(left, width - CHART_MARGIN.right);
  const top = CHART_MARGIN.top;
  const bottom = Math.max(top, height - CHART_MARGIN.bottom);
  const dayStep = dayCount > 1 ? (right - left) / (dayCount - 1) : 0;
  return {
    left,
    right,
    top,
    bottom,
    dayStep,
    x: (index) => (dayCount > 1 ? left + index * dayStep : (left + right) / 2),
    y: (score) => bottom - (score / SCORE_MAX) * (bottom - top),
  };
}

interface PlotPoint {
  /** The day's index in the window. */
  index: number;
  x: number;
  y: number;
}

/** The points of a line: only the days with a value, so the line bridges the days without one. */
export function plotPoints(values: readonly (number | null)[], scales: ChartScales): PlotPoint[] {
  return values.flatMap((value, index) => (value === null ? [] : [{ index, x: scales.x(index), y: scales.y(value) }]));
}

/**
 * Tangents of the monotone cubic through the points (Fritsch–Carlson): between two points the curve only rises or
 * only falls, so it never overshoots them (a score line never leaves 0..100), and it is flat at a peak or a trough.
 */
function monotoneTangents(points: readonly PlotPoint[]): number[] {
  const secants = points.slice(1).map((point, k) => (point.y - points[k]!.y) / (point.x - points[k]!.x));
  const tangents = points.map((_, k) => {
    if (k === 0) return secants[0]!;
    if (k === points.length - 1) return secants[k - 1]!;
    const [before, after] = [secants[k - 1]!, secants[k]!];
    return before * after <= 0 ? 0 : (before + after) / 2;
  });
  secants.forEach((secant, k) => {
    if (secant === 0) {
      tangents[k] = 0;
      tangents[k + 1] = 0;
      return;
    }
    const alpha = tangents[k]! / secant;
    const beta = tangents[k + 1]! / secant;
    const length = Math.hypot(alpha, beta);
    if (length > 3) {
      tangents[k] = (3 / length) * alpha * secant;
      tangents[k + 1] = (3 / length) * beta * secant;
    }
  });
  return tangents;
}

const px = (value: number) => String(Math.round(value * 100) / 100);
const at = (x: number, y: number) => `${px(x)},${px(y)}`;

/**
 * The SVG path of a line through the points (left to right): cubic Bézier pieces of the monotone curve, one per pair
 * of neighbouring points (the Hermite form with control points a third of the way along). Empty without points; a
 * lone point is a move only (its dot shows it).
 */
export function linePath(points: readonly PlotPoint[]): string {
  if (points.length === 0) return '';
  const tangents = monotoneTangents(points);
  const pieces = points.slice(1).map((to, k) => {
    const from = points[k]!;
    const third = (to.x - from.x) / 3;
    return `C${at(from.x + third, from.y + tangents[k]! * third)} ${at(to.x - third, to.y - tangents[k + 1]! * third)} ${at(to.x, to.y)}`;
  });
  return [`M${at(points[0]!.x, points[0]!.y)}`, ...pieces].join(' ');
}

/** The area under the line, closed along the baseline (y of 0), for the gradient fill. Empty below two points. */
export function areaPath(points: readonly PlotPoint[], baseline: number): string {
  if (points.length < 2) return '';
  return `${linePath(points)} L${at(points.at(-1)!.x, baseline)} L${at(points[0]!.x, baseline)} Z`;
}

/**
 * Which days get a label on the x axis: the first, then every k-th, k the fewest days whose distance is at least
 * `minDistance` pixels (a label's width and the gap between labels), so labels never overlap.
 */
export function tickIndexes(dayCount: number, dayStep: number, minDistance: number): number[] {
  if (dayCount <= 0) return [];
  const every = dayStep > 0 ? Math.max(1, Math.ceil(minDistance / dayStep)) : dayCount;
  return Array.from({ length: Math.ceil(dayCount / every) }, (_, n) => n * every);
}

/** The day nearest to a pointer's x (in the SVG's pixels), within the window. */
export function nearestDay(pointerX: number, scales: ChartScales, dayCount: number): number {
  if (dayCount <= 1 || scales.dayStep === 0) return 0;
  const index = Math.round((pointerX - scales.left) / scales.dayStep);
  return Math.min(dayCount - 1, Math.max(0, index));
}
