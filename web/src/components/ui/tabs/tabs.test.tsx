import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './tabs';

const renderTabs = () =>
  render(
    <Tabs
      label="Video"
      tabs={[
        { label: 'Details', content: <input aria-label="Description" /> },
        { label: 'Questions', content: <p>No Questions</p> },
        { label: 'Schedule', content: <p>Calendar</p> },
      ]}
    />,
  );

it('shows the first panel, and another one when its tab is clicked', async () => {
  const user = userEvent.setup();
  renderTabs();
  expect(screen.getByRole('tablist', { name: 'Video' })).toBeTruthy();
  expect(screen.getByRole('tabpanel', { name: 'Details' })).toBeTruthy();
  expect(screen.queryByRole('tabpanel', { name: 'Questions' })).toBeNull();

  await user.click(screen.getByRole('tab', { name: 'Questions' }));
  expect(screen.getByRole('tab', { name: 'Questions' }).getAttribute('aria-selected')).toBe('true');
  expect(screen.getByRole('tabpanel', { name: 'Questions' }).textContent).toBe('No Questions');
});

it('moves with the arrow keys, Home and End, wrapping round', async () => {
  const user = userEvent.setup();
  renderTabs();
  await user.tab();
  expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Details' }));
  await user.keyboard('{ArrowLeft}');
  expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Schedule' }));
  expect(screen.getByRole('tabpanel', { name: 'Schedule' }).textContent).toBe('Calendar');
  await user.keyboard('{Home}{ArrowRight}');
  expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Questions' }));
  await user.keyboard('{End}');
  expect(screen.getByRole('tab', { name: 'Schedule' }).getAttribute('tabindex')).toBe('0');
  expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('tabindex')).toBe('-1');
});

it('keeps what was typed in a panel while another is shown', async () => {
  const user = userEvent.setup();
  renderTabs();
  await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Stretch well');
  await user.click(screen.getByRole('tab', { name: 'Schedule' }));
  await user.click(screen.getByRole('tab', { name: 'Details' }));
  expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLInputElement).value).toBe('Stretch well');
});
