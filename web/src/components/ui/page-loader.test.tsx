import { render, screen } from '@testing-library/react';
import { PageLoader } from './page-loader';

describe('PageLoader', () => {
  it('is a status that says what is loading', () => {
    render(<PageLoader label="Loading your scores…" />);
    expect(screen.getByRole('status').textContent).toBe('Loading your scores…');
  });

  it('says Loading… by default', () => {
    render(<PageLoader />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });
});
