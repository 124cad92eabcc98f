import type { JournalComment } from '../api/comment-events';
import { answerKey, threadsByAnswer, withCommentEvent } from './comment-threads';

const DAY = '2026-11-20';

function comment(id: string, overrides: Partial<JournalComment> = {}): JournalComment {
  return {
    id,
    teamId: 't1',
    userId: 'g1',
    date: DAY,
    pillarSlug: 'sleep',
    questionSlug: 'sleep-quality',
    content: `text ${id}`,
    answerTo: null,
    authorId: 'coach',
    user: { id: 'coach', fullName: 'Coach', avatar: null },
    createdAt: `${DAY}T12:0${id.length}:00Z`,
    updatedAt: `${DAY}T12:00:00Z`,
    deletedAt: null,
    ...overrides,
  };
}

describe('threadsByAnswer', () => {
  it('groups comments under their answer, oldest first, with replies under the comment they answer', () => {
    const first = comment('a', { createdAt: `${DAY}T12:00:00Z` });
    const reply = comment('r', { answerTo: 'a', authorId: 'g1', createdAt: `${DAY}T12:30:00Z` });
    const second = comment('b', { createdAt: `${DAY}T12:10:00Z` });
    const other = comment('c', { userId: 'g2', questionSlug: 'focus', pillarSlug: 'mental' });
    const threads = threadsByAnswer([reply, second, other, first]);
    expect(threads.get(answerKey('g1', 'sleep-quality'))).toEqual([
      { comment: first, replies: [reply] },
      { comment: second, replies: [] },
    ]);
    expect(threads.get(answerKey('g2', 'focus'))).toEqual([{ comment: other, replies: [] }]);
  });

  it('shows a reply whose comment was deleted as a thread of its own', () => {
    const orphan = comment('r', { answerTo: 'gone' });
    expect(threadsByAnswer([orphan]).get(answerKey('g1', 'sleep-quality'))).toEqual([{ comment: orphan, replies: [] }]);
  });
});

describe('withCommentEvent', () => {
  const shown = [comment('a'), comment('b')];

  it('adds a new comment of the day', () => {
    expect(withCommentEvent(shown, comment('c'), DAY).map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });

  it('replaces an edited comment in place', () => {
    const edited = comment('a', { content: 'edited' });
    expect(withCommentEvent(shown, edited, DAY).map((c) => c.content)).toEqual(['edited', 'text b']);
  });

  it('removes a deleted comment', () => {
    expect(withCommentEvent(shown, comment('a', { deletedAt: `${DAY}T13:00:00Z` }), DAY).map((c) => c.id)).toEqual(['b']);
  });

  it('ignores events of another day', () => {
    expect(withCommentEvent(shown, comment('c', { date: '2026-11-19' }), DAY)).toEqual(shown);
  });
});
