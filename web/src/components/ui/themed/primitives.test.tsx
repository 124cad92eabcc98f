import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AmplifyTheme } from '../amplify-theme';
import { Badge, Card, Flex, Heading, Image, Text, ToggleButton, ToggleButtonGroup, View } from './primitives';

/** A period switch, as the pricing page uses the toggles: one of two always chosen. */
function PeriodSwitch() {
  const [period, setPeriod] = useState('year');
  return (
    <>
      <ToggleButtonGroup value={period} isExclusive isSelectionRequired onChange={(value) => setPeriod(value as string)} aria-label="Billing period">
        <ToggleButton value="month">Monthly</ToggleButton>
        <ToggleButton value="year">Yearly</ToggleButton>
      </ToggleButtonGroup>
      <Text>Chosen: {period}</Text>
    </>
  );
}

it('switches the exclusive toggle group to the pressed button and keeps one pressed', async () => {
  const user = userEvent.setup();
  render(<PeriodSwitch />, { wrapper: AmplifyTheme });
  const group = screen.getByRole('group', { name: 'Billing period' });
  const monthly = screen.getByRole('button', { name: 'Monthly' });
  const yearly = screen.getByRole('button', { name: 'Yearly' });
  expect(group.contains(monthly)).toBe(true);
  expect(yearly.getAttribute('aria-pressed')).toBe('true');
  await user.click(monthly);
  expect(monthly.getAttribute('aria-pressed')).toBe('true');
  expect(yearly.getAttribute('aria-pressed')).toBe('false');
  expect(screen.getByText('Chosen: month')).toBeTruthy();
  await user.click(monthly);
  expect(screen.getByText('Chosen: month')).toBeTruthy();
});

it("draws the layout, text, card, picture and badge with Amplify UI's classes and the theme's tokens", () => {
  render(
    <Card variation="outlined">
      <Heading level={2}>Team performance</Heading>
      <Flex direction="column" gap="small">
        <Text>Monthly or yearly</Text>
        <Badge variation="success">SAVE 16%</Badge>
        <Image src="/avatar.png" alt="Team avatar" />
        <View as="section" aria-label="Details" />
      </Flex>
    </Card>,
    { wrapper: AmplifyTheme },
  );
  expect(screen.getByRole('heading', { level: 2, name: 'Team performance' }).className).toContain('amplify-heading--2');
  const text = screen.getByText('Monthly or yearly');
  expect(text.className).toContain('amplify-text');
  // Style props become inline styles on the theme's variables (jsdom keeps no var() colour, so the gap shows it).
  expect(text.parentElement!.style.gap).toBe('var(--amplify-space-small)');
  expect(text.parentElement!.style.flexDirection).toBe('column');
  expect(screen.getByText('SAVE 16%').className).toContain('amplify-badge--success');
  expect(screen.getByRole('img', { name: 'Team avatar' }).className).toContain('amplify-image');
  expect(screen.getByRole('region', { name: 'Details' }).tagName).toBe('SECTION');
  expect(text.closest('.amplify-card')!.className).toContain('amplify-card--outlined');
});
