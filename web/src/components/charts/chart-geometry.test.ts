import fc from 'fast-check';
import { areaPath, CHART_MARGIN, chartScales, linePath, nearestDay, plotPoints, tickIndexes } from './chart-geometry';

type Point = [number, number];

/** A path as linePath writes it: one move, then cubic pieces (start, two control points, end). */
function parsePath(d: string): { start: Point; pieces: [Point, Point, Point, Point][] } {
  const commands = d.match(/[MCLZ][^MCLZ]*/g) ?? [];
  const coordinates = (command: string) =>
    command
      .slice(1)
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split(',').map(Number) as Point);
  const [move, ...rest] = commands;
  expect(move?.[0]).toBe('M');
  let from = coordinates(move!)[0]!;
  const start = from;
  const pieces: [Point, Point, Point, Point][] = [];
  for (const command of rest.filter((entry) => entry.startsWith('C'))) {
    const [c1, c2, to] = coordinates(command) as [Point, Point, Point];
    pieces.push([from, c1, c2, to]);
    from = to;
  }
  return { start, pieces };
}

/** Points along a cubic Bézier piece. */
function sample([p0, p1, p2, p3]: [Point, Point, Point, Point], steps = 40): Point[] {
  return Array.from({ length: steps + 1 }, (_, step) => {
    const t = step / steps;
    const u = 1 - t;
    const weights = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
    const along = (axis: 0 | 1) => weights.reduce((sum, weight, k) => sum + weight * [p0, p1, p2, p3][k]![axis], 0);
    return [along(0), along(1)];
  });
}

const scales = chartScales(320, 160, 7);
/** Paths carry pixels to two decimals. */
const px = (value: number) => Math.round(value * 100) / 100;
/** Sums of floating-point weights land a hair beside exact pixels. */
const EPSILON = 1e-9;

describe('chart scales', () => {
  it('put the first and last day at the plot edges, 100 at the top and 0 at the bottom', () => {
    expect(scales.x(0)).toBe(scales.left);
    expect(scales.x(6)).toBe(scales.right);
    expect(scales.right).toBe(320 - CHART_MARGIN.right);
    expect(scales.y(100)).toBe(scales.top);
    expect(scales.y(0)).toBe(scales.bottom);
    expect(scales.y(50)).toBe((scales.top + scales.bottom) / 2);
  });

  it('put a single day in the middle', () => {
    const single = chartScales(320, 160, 1);
    expect(single.x(0)).toBe((single.left + single.right) / 2);
  });
});

describe('a score line', () => {
  it('has a point only for the days with a value and bridges the days without one in one stroke', () => {
    const points = plotPoints([40, null, null, 80, null, 60, null], scales);
    expect(points.map((point) => point.index)).toEqual([0, 3, 5]);
    const { start, pieces } = parsePath(linePath(points));
    expect(linePath(points).match(/M/g)).toHaveLength(1);
    expect(start).toEqual([px(scales.x(0)), px(scales.y(40))]);
    expect(pieces.map((piece) => piece[3])).toEqual([
      [px(scales.x(3)), px(scales.y(80))],
      [px(scales.x(5)), px(scales.y(60))],
    ]);
  });

  it('never overshoots its neighbours: jumps between 0 and 100 stay within the plot', () => {
    const { pieces } = parsePath(linePath(plotPoints([0, 100, 100, 0, 0, 100, 0], scales)));
    const ys = pieces.flatMap((piece) => sample(piece).map(([, y]) => y));
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(scales.top - EPSILON);
    expect(Math.max(...ys)).toBeLessThanOrEqual(scales.bottom + EPSILON);
  });

  it('between two points only rises or only falls, whatever the scores (0 to 100, days missing)', () => {
    const day = fc.option(fc.integer({ min: 0, max: 100 }), { nil: null });
    fc.assert(
      fc.property(fc.array(day, { minLength: 2, maxLength: 90 }), (values) => {
        const plot = chartScales(300, 160, values.length);
        const { pieces } = parsePath(linePath(plotPoints(values, plot)) || 'M0,0');
        for (const piece of pieces) {
          const [low, high] = [Math.min(piece[0][1], piece[3][1]), Math.max(piece[0][1], piece[3][1])];
          const points = sample(piece, 20);
          for (const [x, y] of points) {
            expect(y).toBeGreaterThanOrEqual(low - EPSILON);
            expect(y).toBeLessThanOrEqual(high + EPSILON);
            expect(x).toBeGreaterThanOrEqual(piece[0][0] - EPSILON);
            expect(x).toBeLessThanOrEqual(piece[3][0] + EPSILON);
          }
        }
      }),
    );
  });

  it('is flat through equal scores', () => {
    const { pieces } = parsePath(linePath(plotPoints([70, 70, 70], scales)));
    expect(pieces.flatMap((piece) => piece.map(([, y]) => y))).toEqual(Array(8).fill(px(scales.y(70))));
  });

  it('is a move only for a lone point, and nothing without points', () => {
    expect(linePath(plotPoints([null, 55, null], scales))).toBe(`M${px(scales.x(1))},${px(scales.y(55))}`);
    expect(linePath([])).toBe('');
  });
});

describe('the area under a line', () => {
  it('follows the line and closes along the baseline from the last point back to the first', () => {
    const points = plotPoints([null, 30, 90, null], scales);
    const area = areaPath(points, scales.bottom);
    expect(area.startsWith(linePath(points))).toBe(true);
    expect(area.endsWith(`L${px(scales.x(2))},${px(scales.bottom)} L${px(scales.x(1))},${px(scales.bottom)} Z`)).toBe(true);
    expect(areaPath(points.slice(0, 1), scales.bottom)).toBe('');
  });
});

describe('x axis labels', () => {
  it('start at the first day and are never closer than the distance asked', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 366 }), fc.integer({ min: 120, max: 1600 }), (days, width) => {
        const plot = chartScales(width, 160, days);
        const ticks = tickIndexes(days, plot.dayStep, 50);
        expect(ticks[0]).toBe(0);
        expect(ticks.at(-1)).toBeLessThan(days);
        ticks.slice(1).forEach((tick, n) => expect(plot.x(tick) - plot.x(ticks[n]!)).toBeGreaterThanOrEqual(50 - EPSILON));
      }),
    );
  });

  it('label every day when there is room, and every other one when there is only room for half', () => {
    expect(tickIndexes(7, 60, 50)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(tickIndexes(7, 30, 50)).toEqual([0, 2, 4, 6]);
    expect(tickIndexes(1, 0, 50)).toEqual([0]);
  });
});

describe('the day under the pointer', () => {
  it('is the nearest day, and the first or last day beyond the plot', () => {
    const step = scales.dayStep;
    expect(nearestDay(scales.x(2) + step * 0.4, scales, 7)).toBe(2);
    expect(nearestDay(scales.x(2) + step * 0.6, scales, 7)).toBe(3);
    expect(nearestDay(0, scales, 7)).toBe(0);
    expect(nearestDay(1000, scales, 7)).toBe(6);
    expect(nearestDay(250, chartScales(320, 160, 1), 1)).toBe(0);
  });
});
