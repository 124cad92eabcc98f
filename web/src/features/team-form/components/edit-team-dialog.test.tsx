import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AVATAR_UPLOAD_FAILURES } from '@core/avatars';
import { ToastProvider } from '@/components/ui/toast/toast';

// The API calls are stand-ins here; the upload steps themselves run against the stack in tests/browser/team-form.test.ts.
const updateTeam = jest.fn();
const uploadAvatar = jest.fn();
// updateTeam(teamId, changes) stands for the UpdateTeam operation the dialog's hook sends (api/teams.ts).
jest.mock('@/lib/api-client', () => ({
  ...jest.requireActual('@/lib/api-client'),
  callApi: async (document: string, variables: { teamId: string; data: object }) => {
    if (!document.includes('mutation UpdateTeam(')) throw new Error(`Unexpected operation: ${document}`);
    return { updateTeam: await updateTeam(variables.teamId, variables.data) };
  },
}));
jest.mock('@/lib/avatar-upload', () => ({
  ...jest.requireActual('@/lib/avatar-upload'),
  uploadAvatar: (...args: unknown[]) => uploadAvatar(...args),
}));

const { EditTeamDialog, TEAM_UPDATED } = require('./edit-team-dialog') as typeof import('./edit-team-dialog');

const TEAM = { id: 'team-1', name: 'Night Owls', description: 'Late-night Valorant', game: 'Valorant', avatar: '' };
const PNG = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'owl.png', { type: 'image/png' });

function renderDialog() {
  const onSaved = jest.fn();
  const onClose = jest.fn();
  // On a page of the app's router, as the form asks before its page is left with unsaved changes.
  const page = <EditTeamDialog open team={TEAM} onClose={onClose} onSaved={onSaved} />;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: page }])} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { onSaved, onClose, user: userEvent.setup() };
}

// jsdom has no object URLs; the form previews the chosen image with one.
beforeAll(() => {
  Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined });
});

beforeEach(() => {
  updateTeam.mockReset();
  uploadAvatar.mockReset();
});

describe('EditTeamDialog', () => {
  it('opens prefilled and saves only the changed fields', async () => {
    updateTeam.mockImplementation(async (_id: string, changes: object) => ({ ...TEAM, ...changes }));
    const { user, onSaved, onClose } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Edit Team' })).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Night Owls');
    expect((screen.getByLabelText('Game') as HTMLSelectElement).value).toBe('Valorant');

    await user.selectOptions(screen.getByLabelText('Game'), 'Fortnite');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(updateTeam).toHaveBeenCalledWith('team-1', { game: 'Fortnite' });
    expect(uploadAvatar).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith({ ...TEAM, game: 'Fortnite' });
    expect(await screen.findByText(TEAM_UPDATED)).toBeTruthy();
  });

  it('uploads a newly chosen avatar for the team without updating unchanged fields', async () => {
    uploadAvatar.mockResolvedValue('https://site.example/avatars/teams/team-1/u/1.png');
    const { user, onSaved } = renderDialog();
    await user.upload(screen.getByRole('group', { name: 'Drop your Team Avatar Here' }).querySelector('input')!, PNG);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...TEAM, avatar: 'https://site.example/avatars/teams/team-1/u/1.png' }));
    expect(uploadAvatar).toHaveBeenCalledWith(PNG, 'team-1');
    expect(updateTeam).not.toHaveBeenCalled();
  });

  it("stays open with the failed step's message", async () => {
    uploadAvatar.mockRejectedValue(new Error(AVATAR_UPLOAD_FAILURES.upload));
    const { user, onClose } = renderDialog();
    await user.upload(screen.getByRole('group', { name: 'Drop your Team Avatar Here' }).querySelector('input')!, PNG);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText('Failed to upload to S3')).closest('[role=alert]')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the description limit and sends nothing', async () => {
    const { user } = renderDialog();
    const description = screen.getByLabelText('Description');
    await user.clear(description);
    // Pasted rather than typed: 1001 key presses would only slow the test.
    await user.click(description);
    await user.paste('x'.repeat(1001));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description should be less than 1000 characters.')).toBeTruthy();
    expect(updateTeam).not.toHaveBeenCalled();
  });
});
