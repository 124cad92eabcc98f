import { mayCheckIn } from './may-check-in';

describe('mayCheckIn', () => {
  it('is for gamers and self-trackers only', () => {
    expect(mayCheckIn(['GAMER'])).toBe(true);
    expect(mayCheckIn(['SELF'])).toBe(true);
    expect(mayCheckIn(['COACH'])).toBe(false);
    expect(mayCheckIn(['DIRECTOR'])).toBe(false);
    expect(mayCheckIn(['ADMIN'])).toBe(false);
  });

  it('lets a coach who also plays (COACH and GAMER groups) check in, as the server does', () => {
    expect(mayCheckIn(['COACH', 'GAMER'])).toBe(true);
  });
});
