import { useState } from 'react';
import { Button } from '@/components/ui/button/button';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDialog } from '@/components/ui/dialog/choice-dialog';
import { useToast } from '@/components/ui/toast/toast';
import { formatInstant } from '@/lib/score-display';
import type { JournalComment } from '../api/comment-events';
import type { CommentThread } from '../lib/comment-threads';
import { CommentForm } from './comment-form';

/** What the page does with comments; each rejects with the server's message. */
export interface CommentActions {
  viewerId: string;
  reply: (parent: JournalComment, content: string) => Promise<void>;
  edit: (comment: JournalComment, content: string) => Promise<void>;
  remove: (comment: JournalComment) => Promise<void>;
}

/** A comment and its replies, and Reply: everyone who sees a thread may answer it (staff, or the gamer on his own answer). */
export function CommentThreadView({ thread, actions }: { thread: CommentThread; actions: CommentActions }) {
  const [replying, setReplying] = useState(false);
  const toast = useToast();
  return (
    <li className="fg-comment-thread">
      <CommentView comment={thread.comment} actions={actions} />
      {thread.replies.length > 0 ? (
        <ul className="fg-comment-replies" aria-label="Replies">
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <CommentView comment={reply} actions={actions} />
            </li>
          ))}
        </ul>
      ) : null}
      {!replying ? (
        <Button size="small" variation="link" onClick={() => setReplying(true)}>
          Reply
        </Button>
      ) : null}
      {replying ? (
        <div className="fg-comment-replies">
          <CommentForm
            label={`Reply to ${thread.comment.user?.fullName ?? 'this comment'}`}
            submitLabel="Send reply"
            onSubmit={async (content) => {
              await actions.reply(thread.comment, content);
              toast.success('Reply posted.');
              setReplying(false);
            }}
            onCancel={() => setReplying(false)}
          />
        </div>
      ) : null}
    </li>
  );
}

/** One comment: author's avatar and name, its time (MM/dd/yyyy - hh:mm a), its text as plain text, and for its author Edit and Delete. */
function CommentView({ comment, actions }: { comment: JournalComment; actions: CommentActions }) {
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const toast = useToast();
  const own = comment.authorId === actions.viewerId;
  const author = comment.user?.fullName ?? 'Former member';

  const remove = async () => {
    setDeleting(true);
    try {
      await actions.remove(comment);
      toast.success('Comment deleted.');
      setConfirmingDelete(false);
    } catch (reason) {
      toast.error(reason instanceof Error ? reason.message : String(reason));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <article className="fg-comment" aria-label={`Comment by ${author}`}>
      <Avatar name={author} src={comment.user?.avatar} className="fg-journal-avatar" />
      <div className="fg-comment__body">
        <p className="fg-comment__meta">
          <span className="fg-comment__author">{author}</span> <time dateTime={comment.createdAt}>{formatInstant(comment.createdAt)}</time>
          {comment.updatedAt !== comment.createdAt ? <span className="fg-comment__edited"> (edited)</span> : null}
        </p>
        {editing ? (
          <CommentForm
            label="Edit your comment"
            submitLabel="Save"
            initialContent={comment.content}
            onSubmit={async (content) => {
              await actions.edit(comment, content);
              toast.success('Comment updated.');
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          // Plain text only: React escapes it, so markup in a comment reads as its characters.
          <p className="fg-comment__text">{comment.content}</p>
        )}
        {own && !editing ? (
          <div className="fg-comment__actions">
            <Button size="small" variation="link" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button size="small" variation="link" onClick={() => setConfirmingDelete(true)}>
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete comment"
        busy={deleting}
        onAccept={() => void remove()}
        onDecline={() => setConfirmingDelete(false)}
      >
        <p className="amplify-text">Delete this comment? Its replies stay.</p>
      </ConfirmDialog>
    </article>
  );
}
