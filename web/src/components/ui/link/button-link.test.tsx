import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ButtonLink } from './button-link';

describe('ButtonLink', () => {
  it('is a link styled as a button that navigates in the app', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Routes>
          <Route
            path="/"
            element={
              <ButtonLink variation="primary" to="/home/check-in">
                Go to check-in
              </ButtonLink>
            }
          />
          <Route path="/home/check-in" element={<h1>Check-in</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Go to check-in' });
    expect(link.getAttribute('href')).toBe('/home/check-in');
    expect(link.className.split(' ')).toEqual(expect.arrayContaining(['amplify-button', 'amplify-button--primary']));

    await user.click(link);
    expect(screen.getByRole('heading', { name: 'Check-in' }).tagName).toBe('H1');
  });
});
