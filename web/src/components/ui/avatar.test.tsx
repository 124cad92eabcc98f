import { render } from '@testing-library/react';
import { Avatar, initialsOf } from './avatar';

describe('Avatar', () => {
  it('shows the picture when there is one, hidden from assistive technology (the name is written beside it)', () => {
    const { container } = render(<Avatar name="Night Owls" src="https://cdn.example.com/owls.png" size="small" />);
    const avatar = container.firstElementChild!;
    expect(avatar.getAttribute('aria-hidden')).toBe('true');
    expect(avatar.className).toBe('amplify-avatar amplify-avatar--small');
    expect(avatar.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/owls.png');
    expect(avatar.textContent).toBe('');
  });

  it('shows the initials without a picture', () => {
    const { container } = render(<Avatar name="Ava Reyes" src={null} className="fg-sidebar__avatar" />);
    expect(container.firstElementChild!.textContent).toBe('AR');
    expect(container.querySelector('img')).toBeNull();
    expect(container.firstElementChild!.className).toBe('amplify-avatar fg-sidebar__avatar');
  });
});

describe('initialsOf', () => {
  it.each([
    ['Ava Reyes', 'AR'],
    ['  dana   the director ', 'DT'],
    ['owls', 'O'],
    ['', '?'],
  ])('%j gives %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
