import { questionBySlug } from '@core/questionnaire';
import { useId, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button/button';
import { LoadError } from '@/components/errors/load-error';
import { Loader } from '@/components/ui/loader';
import { useToast } from '@/components/ui/toast/toast';
import { formatInstant, formatScoreDay } from '@/lib/score-display';
import { useViewer, type Viewer } from '@/lib/viewer';
import { useOwnJournalComments, useReplyToOwnComment, type OwnComment } from '../api/own-comments';
import { CommentForm } from './comment-form';
import '../journal.css';

/**
 * The gamer's view of the journal (docs/journal.md, "The gamer's view"): the newest comments his coach and director
 * wrote on his own check-ins, each with its day, question and author, and a reply box. For the gamer's Today page and
 * his Journal page; it shows nothing to a signed-out visitor.
 */
export function CoachCommentsCard() {
  const viewer = useViewer();
  const headingId = useId();
  if (!viewer) return null;
  return (
    <section className="fg-coach-comments" aria-labelledby={headingId}>
      <h2 id={headingId} className="fg-coach-comments__title">
        Comments from your coach
      </h2>
      <OwnComments viewer={viewer} />
    </section>
  );
}

function OwnComments({ viewer }: { viewer: Viewer }) {
  const comments = useOwnJournalComments(viewer);
  const reply = useReplyToOwnComment(viewer.userId);

  if (comments.isPending) {
    return (
      <p className="fg-coach-comments__status" role="status">
        <Loader size="small" /> Loading your coach's comments…
      </p>
    );
  }
  if (comments.isError) {
    return <LoadError heading="Your coach's comments could not be loaded" error={comments.error} onRetry={() => void comments.refetch()} />;
  }
  const items = comments.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className="fg-coach-comments__empty">
        <p className="fg-coach-comments__empty-title">No comments from your coach yet</p>
        <p className="fg-journal__muted">When your coach or director comments on one of your check-ins, it shows here and you can reply.</p>
      </div>
    );
  }
  const teamNames = new Map((viewer.teams?.member ?? []).map((team) => [team.id, team.name]));
  return (
    <>
      <ul className="fg-coach-comments__list" aria-label="Newest comments on your check-ins">
        {items.map((comment) => (
          <li key={comment.id}>
            <OwnCommentView
              comment={comment}
              own={comment.authorId === viewer.userId}
              // The team only says something when he plays in more than one.
              teamName={teamNames.size > 1 ? teamNames.get(comment.teamId) : undefined}
              onReply={(content) => reply(comment, content)}
            />
          </li>
        ))}
      </ul>
      {comments.hasNextPage ? (
        <Button
          size="small"
          onClick={() => void comments.fetchNextPage()}
          isLoading={comments.isFetchingNextPage}
          loadingText="Loading older comments"
        >
          Show older comments
        </Button>
      ) : null}
    </>
  );
}

interface OwnCommentViewProps {
  comment: OwnComment;
  /** His own reply: shown as his, with nothing to reply to. */
  own: boolean;
  teamName: string | undefined;
  onReply: (content: string) => Promise<void>;
}

function OwnCommentView({ comment, own, teamName, onReply }: OwnCommentViewProps) {
  const [replying, setReplying] = useState(false);
  const toast = useToast();
  const author = own ? 'You' : (comment.user?.fullName ?? 'Former member');
  const question = questionBySlug(comment.questionSlug)?.text ?? comment.questionSlug;
  return (
    <article className="fg-comment fg-coach-comment" aria-label={own ? 'Your reply' : `Comment by ${author}`}>
      <Avatar name={own ? (comment.user?.fullName ?? author) : author} src={comment.user?.avatar} className="fg-journal-avatar" />
      <div className="fg-comment__body">
        <p className="fg-comment__meta">
          <span className="fg-comment__author">{author}</span> <time dateTime={comment.createdAt}>{formatInstant(comment.createdAt)}</time>
        </p>
        <p className="fg-coach-comment__about">
          {teamName ? `${teamName} · ` : ''}Your check-in of {formatScoreDay(comment.date)}: {question}
        </p>
        {/* Plain text only: React escapes it, so markup in a comment reads as its characters. */}
        <p className="fg-comment__text">{comment.content}</p>
        {!own && !replying ? (
          <Button size="small" variation="link" aria-label={`Reply to ${author}`} onClick={() => setReplying(true)}>
            Reply
          </Button>
        ) : null}
        {!own && replying ? (
          <CommentForm
            label={`Reply to ${author}`}
            submitLabel="Send reply"
            onSubmit={async (content) => {
              await onReply(content);
              toast.success('Reply posted.');
              setReplying(false);
            }}
            onCancel={() => setReplying(false)}
          />
        ) : null}
      </div>
    </article>
  );
}
