import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { LEAVE_MESSAGE, LEAVE_TITLE, LeaveGuard } from './leave-guard';

/** A form page with one field; changed while its text differs from what it started with. */
function FormPage() {
  const [text, setText] = useState('');
  return (
    <>
      <label>
        Name
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <LeaveGuard when={text !== ''} />
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      { path: '/form', Component: FormPage },
      { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('LeaveGuard', () => {
  it('lets an unchanged form be left without a question', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
  });

  it('asks before a changed form is left: Stay keeps the page and the text, Leave goes', async () => {
    const user = userEvent.setup();
    const router = renderApp();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Night Owls');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));

    const question = screen.getByRole('alertdialog', { name: LEAVE_TITLE });
    expect(question.textContent).toContain(LEAVE_MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/form');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Night Owls');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
  });

  it('has the browser ask before a changed form is reloaded or closed, and not once it is unchanged', async () => {
    const user = userEvent.setup();
    renderApp();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x');
    expect(unload()).toBe(true);
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    expect(unload()).toBe(false);
  });
});
