import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HeatMap, type HeatMapCell } from './heat-map';

const rows = [
  { id: 'ana', heading: 'Ana', name: 'Ana' },
  { id: 'bo', heading: 'Bo', name: 'Bo' },
];
const columns = [
  { id: 'd1', heading: 'Mon' },
  { id: 'd2', heading: 'Tue' },
  { id: 'd3', heading: 'Wed' },
];
const cells: Record<string, HeatMapCell> = {
  'ana|d1': { colour: 'rgb(34, 197, 94)', text: '82', detail: '82, Game On, 3 above baseline' },
  'ana|d3': { colour: 'rgb(239, 68, 68)', text: '40', detail: '40, Not Ready, 12 below baseline' },
  'bo|d2': { colour: 'rgb(250, 204, 21)', text: '65', detail: '65, Moderately Ready, no baseline yet' },
};

function renderMap() {
  render(
    <HeatMap
      label="FG Score by member and day"
      rows={rows}
      columns={columns}
      cellOf={(row, column) => cells[`${row}|${column}`] ?? null}
      emptyDetail="No check-in"
    />,
  );
  return screen.getByRole('grid', { name: 'FG Score by member and day' });
}

describe('HeatMap', () => {
  it('colours each filled cell and leaves a day without data empty', () => {
    renderMap();
    const filled = screen.getByRole('gridcell', { name: 'Ana, Mon: 82, Game On, 3 above baseline' });
    expect(filled.textContent).toBe('82');
    expect(filled.style.background).toBe('rgb(34, 197, 94)');
    const empty = screen.getByRole('gridcell', { name: 'Ana, Tue: No check-in' });
    expect(empty.textContent).toBe('');
    expect(empty.style.background).toBe('');
    expect(empty.hasAttribute('data-empty')).toBe(true);
  });

  it('tells a hovered cell’s detail in the status line', () => {
    renderMap();
    fireEvent.mouseEnter(screen.getByRole('gridcell', { name: /^Bo, Tue/ }));
    expect(screen.getByRole('status').textContent).toBe('Bo, Tue: 65, Moderately Ready, no baseline yet');
  });

  it('is one Tab stop whose arrow keys, Home and End walk every cell, telling each as it gets focus', async () => {
    const user = userEvent.setup();
    renderMap();
    await user.tab();
    // The grid is entered on the newest day of the first row.
    expect(document.activeElement).toBe(screen.getByRole('gridcell', { name: /^Ana, Wed/ }));
    expect(screen.getByRole('status').textContent).toBe('Ana, Wed: 40, Not Ready, 12 below baseline');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('gridcell', { name: /^Bo, Wed/ }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('status').textContent).toBe('Bo, Tue: 65, Moderately Ready, no baseline yet');
    await user.keyboard('{Home}{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('gridcell', { name: /^Ana, Mon/ }));
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('gridcell', { name: /^Ana, Mon/ }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('gridcell', { name: /^Ana, Wed/ }));
    // Only one cell is in the Tab order, so Tab leaves the grid.
    expect(screen.getAllByRole('gridcell').filter((cell) => cell.tabIndex === 0)).toHaveLength(1);
  });
});
