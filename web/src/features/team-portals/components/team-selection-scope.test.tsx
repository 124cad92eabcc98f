import { QueryClient, QueryClientProvider, useIsFetching } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ToastProvider } from '@/components/ui/toast/toast';
import { useTeamSelection } from '@/lib/team-selection';
import { ViewerProvider, useViewer, type Viewer } from '@/lib/viewer';

// The API calls are stand-ins here; the whole path runs against the stack in tests/browser/team-portals.test.ts.
const fetchSelectedTeamId = jest.fn<Promise<string | null>, []>();
const saveSelectedTeam = jest.fn<Promise<unknown>, [string]>();
// fetchSelectedTeamId and saveSelectedTeam stand for the GetSelectedTeam and SetSelectedTeam operations the scope's hooks
// send (api/selected-team.ts); every subscription is active.
jest.mock('@/lib/api-client', () => ({
  ...jest.requireActual('@/lib/api-client'),
  callApi: async (document: string, variables: { teamId: string }) => {
    if (document.includes('query GetSelectedTeam {')) {
      const teamId = await fetchSelectedTeamId();
      return { getSelectedTeam: teamId === null ? null : { teamId } };
    }
    if (document.includes('mutation SetSelectedTeam(')) return { setSelectedTeam: await saveSelectedTeam(variables.teamId) };
    if (document.includes('query VerifyTeamSubscription(')) return { verifyTeamSubscription: { id: variables.teamId, status: 'active' } };
    throw new Error(`Unexpected operation: ${document}`);
  },
}));

const { TeamSelectionScope } = require('./team-selection-scope') as typeof import('./team-selection-scope');

const viewer: Viewer = {
  userId: 'gamer-1',
  fullName: 'Gamer',
  avatarUrl: null,
  groups: ['GAMER'],
  teams: { owned: [], coached: [], member: [] },
  emailVerified: true,
  selectedTeamId: null,
  selectedTeamRestoring: false,
  hasTeamNotifications: false,
};

function Page() {
  const { selectTeam } = useTeamSelection();
  const scoped = useViewer();
  return (
    <>
      <button type="button" onClick={() => void selectTeam({ id: 'team-alpha', name: 'Alpha Squad' })}>
        Enter Alpha Squad
      </button>
      <p role="status" data-settled={String(useIsFetching() === 0)}>
        {scoped?.selectedTeamId ?? 'no team'}
      </p>
    </>
  );
}

function renderScope(initialViewer: Viewer = viewer) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = (shown: Viewer) => (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/home/manager-portal']}>
          <ViewerProvider value={shown}>
            <TeamSelectionScope>
              <Page />
            </TeamSelectionScope>
          </ViewerProvider>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
  const rendered = render(tree(initialViewer));
  return { rerenderWith: (shown: Viewer) => rendered.rerender(tree(shown)) };
}

beforeEach(() => {
  fetchSelectedTeamId.mockReset();
  saveSelectedTeam.mockReset().mockResolvedValue({ teamId: 'team-alpha' });
});

describe('TeamSelectionScope', () => {
  it('restores the team saved on the server', async () => {
    fetchSelectedTeamId.mockResolvedValue('team-saved');
    renderScope();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('team-saved'));
  });

  it('asks for the saved team while the profile loads, and restores it once the profile has come', async () => {
    fetchSelectedTeamId.mockResolvedValue('team-saved');
    const { rerenderWith } = renderScope({ ...viewer, teams: null });
    await waitFor(() => expect(fetchSelectedTeamId).toHaveBeenCalledTimes(1));
    // Which teams the user owns decides whether the subscription is checked: nothing is restored before `me`.
    expect(screen.getByRole('status').textContent).toBe('no team');

    rerenderWith(viewer);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('team-saved'));
    expect(fetchSelectedTeamId).toHaveBeenCalledTimes(1);
  });

  it('keeps a team chosen while the restore is still loading, when the restore answers afterwards', async () => {
    let answerRestore: (teamId: string | null) => void = () => undefined;
    fetchSelectedTeamId.mockReturnValue(new Promise((resolve) => (answerRestore = resolve)));
    renderScope();
    await waitFor(() => expect(fetchSelectedTeamId).toHaveBeenCalled());

    act(() => screen.getByRole('button', { name: 'Enter Alpha Squad' }).click());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('team-alpha'));
    await act(async () => answerRestore(null));
    await waitFor(() => expect(screen.getByRole('status').dataset.settled).toBe('true'));

    expect(screen.getByRole('status').textContent).toBe('team-alpha');
    expect(saveSelectedTeam).toHaveBeenCalledWith('team-alpha');
  });
});
