import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormSelectField } from './form-choice-fields';
import { SelectField } from './select-field';

const PLATFORMS = [
  { value: 'Web', label: 'Web' },
  { value: 'iOS', label: 'iOS' },
] as const;

function Controlled({ disabled = false }: { disabled?: boolean }) {
  const [platform, setPlatform] = useState<'Web' | 'iOS' | ''>('');
  return (
    <>
      <SelectField label="Platform" value={platform} options={PLATFORMS} emptyLabel="Choose a platform" disabled={disabled} onChange={setPlatform} />
      <p>Chosen: {platform || 'none'}</p>
    </>
  );
}

it('starts on its empty option and reports the chosen one', async () => {
  const user = userEvent.setup();
  render(<Controlled />);
  const select = screen.getByRole('combobox', { name: 'Platform' });
  expect(screen.getByText('Chosen: none')).toBeTruthy();
  await user.selectOptions(select, 'iOS');
  expect(screen.getByText('Chosen: iOS')).toBeTruthy();
});

it('cannot be changed while disabled', async () => {
  const user = userEvent.setup();
  render(<Controlled disabled />);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Platform' }), 'iOS').catch(() => undefined);
  expect(screen.getByText('Chosen: none')).toBeTruthy();
});

function RoleForm({ roles }: { roles: readonly string[] }) {
  const form = useForm({ defaultValues: { role: roles[0] } });
  return (
    <FormSelectField
      label="Role"
      autoComplete="off"
      registration={form.register('role')}
      options={roles.map((role) => ({ value: role, label: role }))}
      disabled={roles.length < 2}
    />
  );
}

it('offers a form select only while it has a choice to make', () => {
  const { unmount } = render(<RoleForm roles={['Gamer', 'Coach']} />);
  expect((screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).disabled).toBe(false);
  unmount();
  render(<RoleForm roles={['Gamer']} />);
  const select = screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement;
  expect(select.disabled).toBe(true);
  expect(select.value).toBe('Gamer');
});
