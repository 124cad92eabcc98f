import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import './heat-map.css';

/** One filled cell: its colour (any CSS colour), the short text drawn in it, and what hover or focus tells about it. */
export interface HeatMapCell {
  colour: string;
  text: string;
  detail: string;
}

interface HeatMapProps {
  /** What the grid shows, for screen readers ("FG Score by member and day"). */
  label: string;
  /** One row per subject: its heading (a link or plain text) and its id. */
  rows: readonly { id: string; heading: ReactNode; name: string }[];
  /** One column per day (or any step), left to right. */
  columns: readonly { id: string; heading: string }[];
  /** The cell of a row and column; null leaves it empty (nothing recorded). */
  cellOf: (rowId: string, columnId: string) => HeatMapCell | null;
  /** What an empty cell says on hover or focus ("No check-in"). */
  emptyDetail: string;
}

interface Position {
  row: number;
  column: number;
}

/**
 * A grid of rows by columns coloured cell by cell (docs/ui-kit.md, "Heat map"). Hovering or focusing a cell tells its
 * detail in a status line under the grid; the keyboard enters the grid once (Tab) and moves with the arrow keys, Home
 * and End, like a spreadsheet, so every cell is reachable without a pointer.
 */
export function HeatMap({ label, rows, columns, cellOf, emptyDetail }: HeatMapProps) {
  const [active, setActive] = useState<Position>({ row: 0, column: Math.max(columns.length - 1, 0) });
  const [shown, setShown] = useState<Position | null>(null);
  const grid = useRef<HTMLTableElement>(null);

  const detailOf = ({ row, column }: Position): string => {
    const subject = rows[row];
    const step = columns[column];
    if (!subject || !step) return '';
    return `${subject.name}, ${step.heading}: ${cellOf(subject.id, step.id)?.detail ?? emptyDetail}`;
  };

  const focusCell = (position: Position) => {
    setActive(position);
    setShown(position);
    grid.current?.querySelector<HTMLElement>(`[data-cell="${position.row}-${position.column}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const last = { row: rows.length - 1, column: columns.length - 1 };
    const moves: Record<string, Position> = {
      ArrowLeft: { ...active, column: Math.max(active.column - 1, 0) },
      ArrowRight: { ...active, column: Math.min(active.column + 1, last.column) },
      ArrowUp: { ...active, row: Math.max(active.row - 1, 0) },
      ArrowDown: { ...active, row: Math.min(active.row + 1, last.row) },
      Home: { ...active, column: 0 },
      End: { ...active, column: last.column },
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    focusCell(next);
  };

  if (rows.length === 0 || columns.length === 0) return null;
  return (
    <div className="fg-heat-map">
      <div className="fg-heat-map__scroll">
        <table ref={grid} role="grid" aria-label={label} className="fg-heat-map__grid" onKeyDown={onKeyDown} onMouseLeave={() => setShown(null)}>
          <thead>
            <tr>
              <td />
              {columns.map((column) => (
                <th key={column.id} scope="col" className="fg-heat-map__column">
                  {column.heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={row.id}>
                <th scope="row" className="fg-heat-map__row">
                  {row.heading}
                </th>
                {columns.map((column, columnIndex) => {
                  const cell = cellOf(row.id, column.id);
                  const position = { row: rowIndex, column: columnIndex };
                  const isActive = active.row === rowIndex && active.column === columnIndex;
                  return (
                    <td
                      key={column.id}
                      role="gridcell"
                      data-cell={`${rowIndex}-${columnIndex}`}
                      data-empty={cell ? undefined : ''}
                      tabIndex={isActive ? 0 : -1}
                      aria-label={detailOf(position)}
                      className="fg-heat-map__cell"
                      style={cell ? { background: cell.colour } : undefined}
                      onFocus={() => {
                        setActive(position);
                        setShown(position);
                      }}
                      onMouseEnter={() => setShown(position)}
                    >
                      {cell?.text ?? ''}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p role="status" className="fg-heat-map__detail">
        {shown ? detailOf(shown) : 'Hover over a cell, or focus the grid and use the arrow keys, to read a day.'}
      </p>
    </div>
  );
}
