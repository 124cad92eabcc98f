import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from './data-table';

interface Gamer {
  id: string;
  name: string;
  score: number;
}

// Unsorted on purpose: names and scores in neither order.
const NAMES = [
  'Kai',
  'Ada',
  'Zoe',
  'Bea',
  'Max',
  'Eli',
  'Ivy',
  'Gus',
  'Noa',
  'Lia',
  'Ray',
  'Ola',
  'Cy',
  'Dax',
  'Fay',
  'Hal',
  'Jo',
  'Uma',
  'Pia',
  'Quin',
  'Sol',
  'Tam',
  'Vic',
  'Wes',
  'Yan',
];
const gamers: Gamer[] = NAMES.map((name, index) => ({ id: `g${index + 1}`, name, score: (index * 37) % 101 }));

const columns: DataTableColumn<Gamer>[] = [
  { id: 'name', header: 'Name', value: (gamer) => gamer.name },
  { id: 'score', header: 'Score', value: (gamer) => gamer.score },
  { id: 'action', header: 'Action', value: () => null, cell: (gamer) => <a href={`/users/${gamer.id}`}>Open</a>, sortable: false },
];

const table = () => screen.getByRole('table', { name: 'Gamers' });
/** The first cell of every body row (the name column, or the checkbox column's neighbour). */
const shownNames = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map(
      (row) =>
        within(row)
          .getAllByRole('cell')
          .find((cell) => !cell.querySelector('input'))!.textContent,
    );
const pageLabel = () => screen.getByText(/^Page \d+ of \d+$/).textContent;

function renderTable(data: Gamer[] = gamers, initialPageSize?: number) {
  return render(<DataTable label="Gamers" columns={columns} data={data} getRowId={(gamer) => gamer.id} initialPageSize={initialPageSize} />);
}

describe('DataTable sorting', () => {
  it('cycles a header through ascending, descending and unsorted', async () => {
    const user = userEvent.setup();
    renderTable(gamers.slice(0, 5));
    const header = screen.getByRole('columnheader', { name: /Name/ });
    const original = ['Kai', 'Ada', 'Zoe', 'Bea', 'Max'];
    expect(shownNames()).toEqual(original);
    expect(header.getAttribute('aria-sort')).toBeNull();

    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(shownNames()).toEqual(['Ada', 'Bea', 'Kai', 'Max', 'Zoe']);

    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(shownNames()).toEqual(['Zoe', 'Max', 'Kai', 'Bea', 'Ada']);

    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBeNull();
    expect(shownNames()).toEqual(original);
  });

  it('sorts a number column ascending first, and works from the keyboard', async () => {
    const user = userEvent.setup();
    renderTable(gamers.slice(0, 5));
    const sortButton = within(screen.getByRole('columnheader', { name: /Score/ })).getByRole('button');
    sortButton.focus();
    await user.keyboard('{Enter}');
    const scores = within(table())
      .getAllByRole('row')
      .slice(1)
      .map((row) => Number(within(row).getAllByRole('cell')[1]!.textContent));
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(screen.getByRole('columnheader', { name: /Score/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('offers no sort button on a column marked not sortable', () => {
    renderTable();
    expect(within(screen.getByRole('columnheader', { name: 'Action' })).queryByRole('button')).toBeNull();
  });
});

describe('DataTable paging', () => {
  it('moves with first, previous, next and last, disabling what leads nowhere', async () => {
    const user = userEvent.setup();
    renderTable();
    const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

    expect(pageLabel()).toBe('Page 1 of 3');
    expect(shownNames()).toEqual(NAMES.slice(0, 10));
    expect(button('First page').disabled).toBe(true);
    expect(button('Previous page').disabled).toBe(true);

    await user.click(button('Next page'));
    expect(pageLabel()).toBe('Page 2 of 3');
    expect(shownNames()).toEqual(NAMES.slice(10, 20));

    await user.click(button('Last page'));
    expect(pageLabel()).toBe('Page 3 of 3');
    expect(shownNames()).toEqual(NAMES.slice(20));
    expect(button('Next page').disabled).toBe(true);
    expect(button('Last page').disabled).toBe(true);

    await user.click(button('Previous page'));
    expect(pageLabel()).toBe('Page 2 of 3');
    await user.click(button('First page'));
    expect(pageLabel()).toBe('Page 1 of 3');
  });

  it('goes to the page typed in the go-to box, and to the last page for a number past it', async () => {
    const user = userEvent.setup();
    renderTable();
    const goTo = screen.getByLabelText('Go to page');

    await user.clear(goTo);
    await user.type(goTo, '2');
    expect(pageLabel()).toBe('Page 2 of 3');
    expect(shownNames()).toEqual(NAMES.slice(10, 20));

    await user.clear(goTo);
    await user.type(goTo, '9');
    expect(pageLabel()).toBe('Page 3 of 3');
  });

  it('offers 10, 20, 30, 40 and 50 rows per page and changes the page with it', async () => {
    const user = userEvent.setup();
    renderTable();
    const size = screen.getByLabelText('Rows per page');
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '20', '30', '40', '50']);

    await user.selectOptions(size, '20');
    expect(pageLabel()).toBe('Page 1 of 2');
    expect(shownNames()).toHaveLength(20);
  });

  it('hides the rows-per-page choice when a page holds 5 rows or fewer', () => {
    renderTable(gamers, 5);
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
    expect(pageLabel()).toBe('Page 1 of 5');
    expect(shownNames()).toHaveLength(5);
  });
});

describe('DataTable without rows', () => {
  it('says No Items Found! on page 1 of 1', () => {
    renderTable([]);
    expect(within(table()).getByRole('cell').textContent).toBe('No Items Found!');
    expect(pageLabel()).toBe('Page 1 of 1');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('DataTable selection', () => {
  function SelectableTable({ onChange }: { onChange: (ids: string[]) => void }) {
    const [selectedIds, setSelectedIds] = useState<string[]>([]);
    return (
      <DataTable
        label="Gamers"
        columns={columns}
        data={gamers}
        getRowId={(gamer) => gamer.id}
        selection={{
          selectedIds,
          rowLabel: (gamer) => gamer.name,
          onChange: (ids) => {
            setSelectedIds(ids);
            onChange(ids);
          },
        }}
      />
    );
  }

  it('selects single rows and all rows of the page', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<SelectableTable onChange={onChange} />);
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;

    await user.click(screen.getByRole('checkbox', { name: 'Select Ada' }));
    expect(onChange).toHaveBeenLastCalledWith(['g2']);
    expect((screen.getByRole('checkbox', { name: 'Select Ada' }) as HTMLInputElement).checked).toBe(true);
    expect(all.indeterminate).toBe(true);

    await user.click(all);
    expect([...onChange.mock.lastCall![0]].sort()).toEqual(
      gamers
        .slice(0, 10)
        .map((gamer) => gamer.id)
        .sort(),
    );
    expect(all.checked).toBe(true);

    await user.click(all);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('shows no checkboxes without selection', () => {
    renderTable();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('DataTable with server-side paging and sorting', () => {
  /** A server stand-in: it orders and pages the gamers as the table asks, and records each request. */
  function ServerBackedTable({ requests }: { requests: string[] }) {
    const [page, setPage] = useState({ pageIndex: 0, pageSize: 10 });
    const [sort, setSort] = useState<{ id: string; desc: boolean } | null>(null);
    requests.push(`${sort ? `${sort.id} ${sort.desc ? 'desc' : 'asc'}` : 'unsorted'} page ${page.pageIndex} size ${page.pageSize}`);
    const ordered = sort ? [...gamers].sort((a, b) => (sort.desc ? -1 : 1) * a.name.localeCompare(b.name)) : gamers;
    const rows = ordered.slice(page.pageIndex * page.pageSize, (page.pageIndex + 1) * page.pageSize);
    return (
      <DataTable
        label="Gamers"
        columns={columns}
        data={rows}
        getRowId={(gamer) => gamer.id}
        serverSide={{ rowCount: gamers.length, ...page, onPage: setPage, sort, onSort: setSort }}
      />
    );
  }

  it('shows the rows it is given as one page of all the rows counted, and asks for other pages and orders', async () => {
    const user = userEvent.setup();
    const requests: string[] = [];
    render(<ServerBackedTable requests={requests} />);
    expect(pageLabel()).toBe('Page 1 of 3');
    expect(shownNames()).toEqual(NAMES.slice(0, 10));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(pageLabel()).toBe('Page 2 of 3');
    expect(shownNames()).toEqual(NAMES.slice(10, 20));

    await user.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(requests.at(-1)).toBe('name asc page 1 size 10');
    expect(shownNames()).toEqual([...NAMES].sort().slice(10, 20));
  });
});

describe('DataTable rows that open', () => {
  it('opens a row on a click anywhere in it or on Enter, but not on a control inside it', async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    render(
      <DataTable
        label="Gamers"
        columns={columns}
        data={gamers.slice(0, 3)}
        getRowId={(gamer) => gamer.id}
        onRowOpen={(gamer) => opened.push(gamer.name)}
      />,
    );
    const [, kai, ada] = within(table()).getAllByRole('row');

    await user.click(within(kai!).getByText('Kai'));
    expect(opened).toEqual(['Kai']);

    ada!.focus();
    await user.keyboard('{Enter}');
    expect(opened).toEqual(['Kai', 'Ada']);

    // The row's own link keeps its meaning: it does not also open the row.
    within(kai!)
      .getByRole('link', { name: 'Open' })
      .addEventListener('click', (event) => event.preventDefault());
    await user.click(within(kai!).getByRole('link', { name: 'Open' }));
    expect(opened).toEqual(['Kai', 'Ada']);
  });

  it('leaves rows inert without onRowOpen', () => {
    renderTable(gamers.slice(0, 2));
    const [, kai] = within(table()).getAllByRole('row');
    expect(kai!.getAttribute('tabindex')).toBeNull();
  });
});
