import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '@/components/ui/toast/toast';
import { ViewerProvider, type Viewer } from '@/lib/viewer';

// The API calls are stand-ins here; the card runs against the stack in tests/browser/journal.test.ts.
const myJournalComments = jest.fn();
const createComment = jest.fn();
const subscriptions: { teamId: string; userId?: string }[] = [];
jest.mock('@/lib/api-client', () => ({
  ...jest.requireActual('@/lib/api-client'),
  callApi: async (document: string, variables: Record<string, unknown>) => {
    if (document.includes('query MyJournalComments(')) return { myJournalComments: await myJournalComments(variables) };
    if (document.includes('mutation CreateComment(')) return { createComment: await createComment(variables) };
    throw new Error(`Unexpected operation: ${document}`);
  },
  subscribeApi: (_document: string, variables: { teamId: string; userId?: string }) => {
    subscriptions.push(variables);
    return () => undefined;
  },
}));

const { CoachCommentsCard } = require('./coach-comments-card') as typeof import('./coach-comments-card');

const VIEWER: Viewer = {
  userId: 'gamer-1',
  fullName: 'Gina Gamer',
  avatarUrl: null,
  groups: ['GAMER'],
  teams: { owned: [], coached: [], member: [{ id: 'team-1', name: 'Night Owls', avatar: null, createdAt: '2026-01-01T00:00:00.000Z' }] },
  emailVerified: true,
  selectedTeamId: null,
  selectedTeamRestoring: false,
  hasTeamNotifications: false,
};

const comment = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  teamId: 'team-1',
  userId: 'gamer-1',
  date: '2026-11-30',
  pillarSlug: 'sleep',
  questionSlug: 'sleep-quality',
  content: `Comment ${id}`,
  answerTo: null,
  authorId: 'coach-1',
  user: { id: 'coach-1', fullName: 'Cole Coach', avatar: null },
  createdAt: '2026-11-30T08:00:00.000Z',
  updatedAt: '2026-11-30T08:00:00.000Z',
  ...extra,
});

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <ViewerProvider value={VIEWER}>
          <CoachCommentsCard />
        </ViewerProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  myJournalComments.mockReset();
  createComment.mockReset();
  subscriptions.length = 0;
});

describe('CoachCommentsCard', () => {
  it("shows the newest comments on the gamer's check-ins with their author, day and question, markup as text, and follows his own answers live", async () => {
    myJournalComments.mockResolvedValue({
      items: [
        comment('reply-1', {
          authorId: 'gamer-1',
          answerTo: 'c-1',
          content: 'Eight hours',
          user: { id: 'gamer-1', fullName: 'Gina Gamer', avatar: null },
        }),
        comment('c-1', { content: 'Why <b>so</b> late?' }),
      ],
      nextCursor: null,
    });
    renderCard();
    expect(screen.getByRole('status').textContent).toContain("Loading your coach's comments");
    const card = await screen.findByRole('region', { name: 'Comments from your coach' });
    const coach = await within(card).findByRole('article', { name: 'Comment by Cole Coach' });
    expect(within(coach).getByText('Why <b>so</b> late?')).toBeTruthy();
    expect(coach.querySelector('b')).toBeNull();
    expect(within(coach).getByText('Your check-in of 11/30/2026: How well did you sleep?')).toBeTruthy();
    const own = within(card).getByRole('article', { name: 'Your reply' });
    expect(within(own).queryByRole('button', { name: /Reply/ })).toBeNull();
    expect(subscriptions).toEqual([{ teamId: 'team-1', userId: 'gamer-1' }]);
    expect(myJournalComments).toHaveBeenCalledWith({ take: 10, cursor: null });
  });

  it('replies from the keyboard in the thread of the comment, with the shared rule checked first', async () => {
    myJournalComments.mockResolvedValue({ items: [comment('c-2', { answerTo: 'c-1' })], nextCursor: null });
    createComment.mockImplementation(async (variables: Record<string, unknown>) => comment('new', { ...variables, authorId: 'gamer-1' }));
    const user = renderCard();
    const reply = await screen.findByRole('button', { name: 'Reply to Cole Coach' });
    reply.focus();
    await user.keyboard('{Enter}');
    const field = screen.getByLabelText('Reply to Cole Coach');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('A comment is required.')).toBeTruthy();
    expect(createComment).not.toHaveBeenCalled();

    await user.type(field, 'At ten, coach.');
    await user.keyboard('{Tab}{Tab}{Enter}');
    await waitFor(() =>
      expect(createComment).toHaveBeenCalledWith({
        teamId: 'team-1',
        userId: 'gamer-1',
        date: '2026-11-30',
        pillarSlug: 'sleep',
        questionSlug: 'sleep-quality',
        content: 'At ten, coach.',
        answerTo: 'c-1',
      }),
    );
    expect(await screen.findByText('Reply posted.')).toBeTruthy();
  });

  it('says so when the coach has not commented yet', async () => {
    myJournalComments.mockResolvedValue({ items: [], nextCursor: null });
    renderCard();
    expect(await screen.findByText('No comments from your coach yet')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("shows the server's message when the comments cannot be loaded, and loads them again on Try again", async () => {
    myJournalComments.mockRejectedValueOnce(new Error('Something went wrong. Please try again later.'));
    myJournalComments.mockResolvedValueOnce({ items: [comment('c-3')], nextCursor: 'next' });
    myJournalComments.mockResolvedValueOnce({ items: [comment('c-0', { content: 'Older one' })], nextCursor: null });
    const user = renderCard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong. Please try again later.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Comment c-3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show older comments' }));
    expect(await screen.findByText('Older one')).toBeTruthy();
    expect(myJournalComments).toHaveBeenLastCalledWith({ take: 10, cursor: 'next' });
    expect(screen.queryByRole('button', { name: 'Show older comments' })).toBeNull();
  });
});
