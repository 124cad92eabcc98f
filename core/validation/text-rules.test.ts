import { looksLikeLink } from './text-rules';

describe('looksLikeLink: names shown in e-mails carry no link (issue 24)', () => {
  it.each([
    'FitGauge Security: account locked, verify now at https://evil.example/verify',
    'evil.example',
    'evil。example',
    'evil．example',
    'evil[.]example',
    'evil (dot) com',
    'www.evil',
    'bob@evil.com',
    'hxxp://evil',
    'see mailto:bob',
  ])('refuses %s', (name) => expect(looksLikeLink(name)).toBe(true));

  it.each(['Dana Director', 'Night Owls', 'Nora Newcoach', 'J.R. Smith', 'Dr. Who', 'Team 2.0', "O'Brien-Smith", 'Paral·lel', 'Big data: team'])(
    'takes %s',
    (name) => expect(looksLikeLink(name)).toBe(false),
  );
});
