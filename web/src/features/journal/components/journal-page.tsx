import { shiftDay } from '@core/dates';
import { pillarOf } from '@core/pillars';
import { isAdmin } from '@core/roles';
import { useCallback, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button/button';
import { Flex } from '@/components/ui/themed/primitives';
import { LoadError } from '@/components/errors/load-error';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoader } from '@/components/ui/page-loader';
import { useToast } from '@/components/ui/toast/toast';
import { formatScoreDay } from '@/lib/score-display';
import { browserScoreDay } from '@/lib/time-zone';
import { useViewer, type Viewer } from '@/lib/viewer';
import type { JournalComment } from '../api/comment-events';
import { useCommentChanges, useJournalComments } from '../api/comments';
import { useJournalMembers, type JournalMember } from '../api/members';
import { useClearTeamNotifications, useReadJournalDay, useUnreadDays } from '../api/notifications';
import { answerKey, threadsByAnswer, type CommentThread } from '../lib/comment-threads';
import { answerText, questionsByPillar } from '../lib/journal-day';
import { CommentThreadView, type CommentActions } from './comment-thread';
import { CoachCommentsCard } from './coach-comments-card';
import { CommentForm } from './comment-form';
import '../journal.css';

/** How the viewer reads a team's journal: staff see every gamer and comment; a gamer sees his own answers and replies. */
function journalRole(viewer: Viewer, teamId: string): 'staff' | 'gamer' | null {
  const teams = viewer.teams;
  const has = (list: readonly { id: string }[] | undefined) => (list ?? []).some((team) => team.id === teamId);
  if (has(teams?.owned) || has(teams?.coached) || isAdmin(viewer.groups)) return 'staff';
  if (has(teams?.member)) return 'gamer';
  return null;
}

/**
 * /home/my-team/journal?teamId=: a day's check-ins of the team by pillar with the comments under each answer
 * (docs/journal.md, "The web app"). It opens on the newest day with comments the viewer has not read, and marks read
 * only the days it shows; comments arrive live. A gamer without a team in the address gets his own view: the newest
 * comments on his check-ins in every team he plays in.
 */
export function JournalPage() {
  const viewer = useViewer();
  const [params] = useSearchParams();
  const askedTeamId = params.get('teamId');
  const teamId = askedTeamId ?? viewer?.selectedTeamId ?? null;
  const role = viewer && teamId && viewer.teams ? journalRole(viewer, teamId) : null;
  const ownView = !askedTeamId && role !== 'staff' && (viewer?.teams?.member.length ?? 0) > 0;
  const teamName = teamId
    ? [...(viewer?.teams?.owned ?? []), ...(viewer?.teams?.coached ?? []), ...(viewer?.teams?.member ?? [])].find((team) => team.id === teamId)?.name
    : undefined;

  let body: ReactNode;
  // Without a team in the address, the chosen team decides whose journal it is: wait for its restore.
  if (!viewer?.teams || (!teamId && viewer.selectedTeamRestoring)) body = <PageLoader label="Loading the journal…" />;
  else if (ownView) body = <CoachCommentsCard />;
  else if (!teamId || !role) body = <EmptyState title="No team chosen" description="Choose one of your teams to read its journal." />;
  else body = <JournalDays key={teamId} teamId={teamId} role={role} viewer={viewer} />;

  let description = "Each member's check-in of the day, by pillar, and the comments on it.";
  if (ownView) description = 'What your coach and director say about your check-ins, newest first.';
  else if (teamName) description = `${teamName}: each member's check-in of the day, by pillar, and the comments on it.`;
  return (
    <div className="fg-page fg-journal">
      <header className="fg-page__header">
        <h1>Journal</h1>
        <p>{description}</p>
      </header>
      {body}
    </div>
  );
}

/** The journal of a team: it waits for the viewer's unread days to open on the newest of them (today when none). */
function JournalDays({ teamId, role, viewer }: { teamId: string; role: 'staff' | 'gamer'; viewer: Viewer }) {
  const unreadDays = useUnreadDays(teamId);
  const clearNotifications = useClearTeamNotifications(teamId);
  const noUnreadDay = unreadDays.isSuccess && unreadDays.data.length === 0;
  // Nothing unread names a day: a count left from before counts were kept by day goes, as the spec's opening did.
  useEffect(() => {
    if (noUnreadDay) clearNotifications();
  }, [noUnreadDay, clearNotifications]);

  if (unreadDays.isPending) return <PageLoader label="Loading the journal…" />;
  const today = browserScoreDay();
  const newestUnread = unreadDays.data?.[0]?.date;
  return (
    <OpenJournal
      teamId={teamId}
      role={role}
      viewer={viewer}
      firstDay={newestUnread && newestUnread <= today ? newestUnread : today}
      unreadDays={unreadDays.data ?? []}
      today={today}
    />
  );
}

interface OpenJournalProps {
  teamId: string;
  role: 'staff' | 'gamer';
  viewer: Viewer;
  firstDay: string;
  today: string;
  /** The days with unread comments, newest first, less those shown since the journal opened. */
  unreadDays: readonly { date: string; unread: number }[];
}

function OpenJournal({ teamId, role, viewer, firstDay, today, unreadDays }: OpenJournalProps) {
  const [date, setDate] = useState(firstDay);
  const readDay = useReadJournalDay(teamId);
  const hasUnread = unreadDays.some((day) => day.date === date);
  // The day shown is read once its comments are on screen; a new comment on it while it is open is read as it arrives.
  const readShownDay = useCallback(() => readDay(date), [readDay, date]);
  const others = unreadDays.filter((day) => day.date !== date);
  return (
    <>
      <DayPicker date={date} today={today} onDate={setDate} />
      {others.length > 0 ? (
        <ul className="fg-journal__unread-days" aria-label="Days with unread comments">
          <li className="fg-journal__muted">Unread comments on:</li>
          {others.map((day) => (
            <li key={day.date}>
              <Button size="small" variation="link" onClick={() => setDate(day.date)}>
                {`${formatScoreDay(day.date)} (${day.unread})`}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <JournalDay key={date} teamId={teamId} date={date} role={role} viewer={viewer} hasUnread={hasUnread} onShown={readShownDay} />
    </>
  );
}

/** The day shown: the previous and next day, or any day up to today from the date field. */
function DayPicker({ date, today, onDate }: { date: string; today: string; onDate: (day: string) => void }) {
  return (
    <Flex className="fg-journal__days" alignItems="flex-end" gap="small" wrap="wrap">
      <Button size="small" onClick={() => onDate(shiftDay(date, -1))}>
        Previous day
      </Button>
      <label className="fg-journal__day-field">
        <span>Day</span>
        <input
          type="date"
          value={date}
          max={today}
          onChange={(event) => event.target.value && event.target.value <= today && onDate(event.target.value)}
        />
      </label>
      <Button size="small" onClick={() => onDate(shiftDay(date, 1))} isDisabled={date >= today}>
        Next day
      </Button>
    </Flex>
  );
}

function JournalDay({
  teamId,
  date,
  role,
  viewer,
  hasUnread,
  onShown,
}: {
  teamId: string;
  date: string;
  role: 'staff' | 'gamer';
  viewer: Viewer;
  /** The viewer has unread comments on this day. */
  hasUnread: boolean;
  /** Marks the day read: called once its comments are shown, and again for each new one by someone else. */
  onShown: () => void;
}) {
  const ownOnly = role === 'gamer' ? viewer.userId : undefined;
  const members = useJournalMembers(teamId, date, role, viewer);
  const comments = useJournalComments({ teamId, date, userId: ownOnly }, viewer.userId, onShown);
  const shownNow = members.isSuccess && comments.isSuccess;
  useEffect(() => {
    if (shownNow && hasUnread) onShown();
  }, [shownNow, hasUnread, onShown]);
  // Each shows its result at once; its event, arriving later, changes nothing more.
  const changes = useCommentChanges({ teamId, date, userId: ownOnly });

  const actions = useMemo<CommentActions>(
    () => ({
      viewerId: viewer.userId,
      reply: (parent, content) =>
        changes.create({
          teamId,
          userId: parent.userId,
          date,
          pillarSlug: parent.pillarSlug,
          questionSlug: parent.questionSlug,
          content,
          answerTo: parent.id,
        }),
      edit: (comment, content) => changes.update(comment.id, content),
      remove: (comment) => changes.remove(comment.id),
    }),
    [viewer.userId, teamId, date, changes],
  );

  if (members.isPending || comments.isPending) return <PageLoader label="Loading the journal…" />;
  if (members.isError || comments.isError) {
    const error = (members.error ?? comments.error)!;
    return (
      <LoadError heading="The journal could not be loaded" error={error} onRetry={() => void Promise.all([members.refetch(), comments.refetch()])} />
    );
  }
  const threads = threadsByAnswer(comments.data);
  const shown = members.data.filter((member) => member.checkedIn || comments.data.some((comment) => comment.userId === member.userId));
  if (shown.length === 0) {
    return (
      <EmptyState
        title="Nothing on this day"
        description={role === 'staff' ? `No member checked in on ${formatScoreDay(date)}.` : `You did not check in on ${formatScoreDay(date)}.`}
      />
    );
  }
  return (
    <ul className="fg-journal__members" aria-label={`Check-ins of ${formatScoreDay(date)}`}>
      {shown.map((member) => (
        <MemberDay
          key={member.userId}
          member={member}
          comments={comments.data.filter((comment) => comment.userId === member.userId)}
          threads={threads}
          staff={role === 'staff'}
          onComment={(questionSlug, pillarSlug, content) =>
            changes.create({ teamId, userId: member.userId, date, pillarSlug, questionSlug, content })
          }
          actions={actions}
        />
      ))}
    </ul>
  );
}

interface MemberDayProps {
  member: JournalMember;
  comments: JournalComment[];
  threads: Map<string, CommentThread[]>;
  /** Directors and coaches comment on any answer; a gamer only replies. */
  staff: boolean;
  onComment: (questionSlug: string, pillarSlug: string, content: string) => Promise<void>;
  actions: CommentActions;
}

function MemberDay({ member, comments, threads, staff, onComment, actions }: MemberDayProps) {
  const name = member.fullName ?? 'Unnamed member';
  const headingId = `fg-journal-member-${member.userId}`;
  return (
    <li>
      <section className="fg-journal__member" aria-labelledby={headingId}>
        <h2 id={headingId} className="fg-journal__member-name">
          <Avatar name={name} src={member.avatar} className="fg-journal-avatar" />
          {name}
        </h2>
        {member.checkedIn ? null : <p className="fg-journal__muted">No check-in on this day.</p>}
        {questionsByPillar(member.answers, comments).map((group) => (
          <section
            key={group.pillar}
            className="fg-journal__pillar"
            // The pillar's colour from core/pillars.ts (docs/scoring.md, "On the gamer's pages").
            style={{ '--fg-pillar-colour': pillarOf(group.pillar).colour.hex } as CSSProperties}
            aria-label={`${name}: ${group.label}`}
          >
            <h3>{group.label}</h3>
            <ul className="fg-journal__answers">
              {group.questions.map((question) => (
                <AnswerWithComments
                  key={question.questionSlug}
                  question={question.text}
                  answer={question.answer ? answerText(question.questionSlug, question.answer.value) : null}
                  threads={threads.get(answerKey(member.userId, question.questionSlug)) ?? []}
                  staff={staff}
                  onComment={(content) => onComment(question.questionSlug, group.pillar, content)}
                  actions={actions}
                />
              ))}
            </ul>
          </section>
        ))}
      </section>
    </li>
  );
}

interface AnswerWithCommentsProps {
  question: string;
  answer: string | null;
  threads: CommentThread[];
  staff: boolean;
  onComment: (content: string) => Promise<void>;
  actions: CommentActions;
}

function AnswerWithComments({ question, answer, threads, staff, onComment, actions }: AnswerWithCommentsProps) {
  const [composing, setComposing] = useState(false);
  const toast = useToast();
  return (
    <li className="fg-journal__answer">
      <p className="fg-journal__question">{question}</p>
      <p className="fg-journal__value">{answer ?? 'Not answered'}</p>
      {threads.length > 0 ? (
        <ul className="fg-comment-list" aria-label={`Comments on ${question}`}>
          {threads.map((thread) => (
            <CommentThreadView key={thread.comment.id} thread={thread} actions={actions} />
          ))}
        </ul>
      ) : null}
      {staff && !composing ? (
        <Button size="small" variation="link" aria-label={`Comment on ${question}`} onClick={() => setComposing(true)}>
          Comment
        </Button>
      ) : null}
      {staff && composing ? (
        <CommentForm
          label={`Comment on ${question}`}
          submitLabel="Post comment"
          onSubmit={async (content) => {
            await onComment(content);
            toast.success('Comment posted.');
            setComposing(false);
          }}
          onCancel={() => setComposing(false)}
        />
      ) : null}
    </li>
  );
}
