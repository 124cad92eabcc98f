import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchBox } from './search-box';

describe('SearchBox', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = () => {
    const onSearch = jest.fn();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<SearchBox label="Search users" debounceMs={600} onSearch={onSearch} />);
    return { user, onSearch, box: screen.getByRole('textbox', { name: 'Search users' }) as HTMLInputElement };
  };

  it('shows the placeholder Search', () => {
    const { box } = setup();
    expect(box.placeholder).toBe('Search');
  });

  it('searches once, with the whole term, after typing pauses for the debounce', async () => {
    const { user, onSearch, box } = setup();
    await user.type(box, ' ada ');
    expect(onSearch).not.toHaveBeenCalled();

    act(() => jest.advanceTimersByTime(599));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSearch.mock.calls).toEqual([['ada']]);
  });

  it('clears the box and searches for everything at once', async () => {
    const { user, onSearch, box } = setup();
    await user.type(box, 'ada');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box.value).toBe('');
    expect(onSearch.mock.calls).toEqual([['']]);

    // The search typed before the clear never arrives after it.
    act(() => jest.advanceTimersByTime(1000));
    expect(onSearch.mock.calls).toEqual([['']]);
  });
});
