import { Flex, Text } from '@/components/ui/themed/primitives';
import { Button } from '@/components/ui/button/button';
import { questionSlug, QUESTION_TEXT_MAX, VIDEO_QUESTION_TYPE_LABELS, type VideoQuestionSubType, type VideoQuestionType } from '@core/videos';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/dialog/choice-dialog';
import { TextField } from '@/components/ui/form/fields';
import { useCreateVideoQuestion, useDeleteVideoQuestion, type VideoQuestion } from '../api/video-questions';
import { deleteConfirmation } from '../lib/messages';
import { NEW_QUESTION, NO_QUESTIONS, QUESTION_SUB_TYPE_OPTIONS, QUESTION_TYPE_OPTIONS, withKind, type QuestionDraft } from '../lib/question-draft';

interface QuestionsPanelProps {
  videoId: string;
  questions: readonly VideoQuestion[];
  /** Reloads the video's questions after a change. */
  onChanged: () => Promise<void> | void;
  onError: (error: unknown) => boolean;
}

/**
 * The Questions tab (docs/videos.md, "The pages' rules and texts"): saved questions are read-only and can be deleted
 * after confirmation; new ones get a type, a sub-type for scores and a text (starting as the default text), and only
 * they show Save.
 */
export function QuestionsPanel({ videoId, questions, onChanged, onError }: QuestionsPanelProps) {
  const [drafts, setDrafts] = useState<{ key: number; draft: QuestionDraft }[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [deleting, setDeleting] = useState<VideoQuestion | null>(null);
  const [busy, setBusy] = useState(false);
  const createQuestion = useCreateVideoQuestion();
  const deleteQuestion = useDeleteVideoQuestion();

  const addDraft = () => {
    setDrafts((current) => [...current, { key: nextKey, draft: NEW_QUESTION }]);
    setNextKey((key) => key + 1);
  };
  const dropDraft = (key: number) => setDrafts((current) => current.filter((item) => item.key !== key));

  const save = async (key: number, draft: QuestionDraft) => {
    try {
      await createQuestion.mutateAsync({ videoId, type: draft.type, subType: draft.subType, text: draft.text.trim() });
      dropDraft(key);
      await onChanged();
    } catch (error) {
      onError(error);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteQuestion.mutateAsync(deleting.id);
      await onChanged();
    } catch (error) {
      onError(error);
    }
    setBusy(false);
    setDeleting(null);
  };

  return (
    <section className="fg-video-questions">
      {questions.length === 0 && drafts.length === 0 ? <Text>{NO_QUESTIONS}</Text> : null}
      <ul className="fg-video-questions__list">
        {questions.map((question) => (
          <li key={question.id} className="fg-video-question">
            <dl className="fg-video-question__facts">
              <dt>Type</dt>
              <dd>{VIDEO_QUESTION_TYPE_LABELS[question.type]}</dd>
              {question.subType ? (
                <>
                  <dt>Sub-type</dt>
                  <dd>{question.subType}</dd>
                </>
              ) : null}
              <dt>Question</dt>
              <dd>{question.text}</dd>
              <dt>Slug</dt>
              <dd className="fg-video-question__slug">{question.slug}</dd>
            </dl>
            <Button size="small" onClick={() => setDeleting(question)} aria-label={`Delete question ${question.text}`}>
              Delete
            </Button>
          </li>
        ))}
        {drafts.map(({ key, draft }) => (
          <li key={key} className="fg-video-question fg-video-question--new">
            <DraftQuestion
              videoId={videoId}
              draft={draft}
              onChange={(changed) => setDrafts((current) => current.map((item) => (item.key === key ? { key, draft: changed } : item)))}
              onSave={() => save(key, draft)}
              onDiscard={() => dropDraft(key)}
            />
          </li>
        ))}
      </ul>
      <Button onClick={addDraft}>Add a question</Button>
      <ConfirmDialog open={deleting !== null} title="Delete question" busy={busy} onAccept={() => void remove()} onDecline={() => setDeleting(null)}>
        <p>{deleteConfirmation(deleting?.text ?? '')}</p>
      </ConfirmDialog>
    </section>
  );
}

interface DraftQuestionProps {
  videoId: string;
  draft: QuestionDraft;
  onChange: (draft: QuestionDraft) => void;
  onSave: () => Promise<void>;
  onDiscard: () => void;
}

function DraftQuestion({ videoId, draft, onChange, onSave, onDiscard }: DraftQuestionProps) {
  const [saving, setSaving] = useState(false);
  const typeId = useId();
  const subTypeId = useId();
  const text = draft.text.trim();

  return (
    <div className="fg-video-question__form">
      <Flex gap="small" wrap="wrap">
        <div className="amplify-flex amplify-field amplify-selectfield">
          <label className="amplify-label" htmlFor={typeId}>
            Type
          </label>
          <select
            id={typeId}
            className="amplify-select amplify-field-group__control"
            value={draft.type}
            onChange={(event) => onChange(withKind(draft, event.target.value as VideoQuestionType, draft.subType))}
          >
            {QUESTION_TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {draft.type === 'INT' ? (
          <div className="amplify-flex amplify-field amplify-selectfield">
            <label className="amplify-label" htmlFor={subTypeId}>
              Sub-type
            </label>
            <select
              id={subTypeId}
              className="amplify-select amplify-field-group__control"
              value={draft.subType ?? 'repetitions'}
              onChange={(event) => onChange(withKind(draft, draft.type, event.target.value as VideoQuestionSubType))}
            >
              {QUESTION_SUB_TYPE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </Flex>
      <TextField
        label="Question"
        autoComplete="off"
        maxLength={QUESTION_TEXT_MAX}
        value={draft.text}
        onChange={(event) => onChange({ ...draft, text: event.target.value })}
      />
      <Text fontSize="small" color="font.secondary">
        Slug: {text ? questionSlug(videoId, draft.type, text) : '—'}
      </Text>
      <Flex gap="small" justifyContent="flex-end">
        <Button size="small" onClick={onDiscard} isDisabled={saving}>
          Discard
        </Button>
        <Button
          size="small"
          variation="primary"
          isDisabled={!text}
          isLoading={saving}
          loadingText="Saving…"
          onClick={() => {
            setSaving(true);
            void onSave().finally(() => setSaving(false));
          }}
        >
          Save
        </Button>
      </Flex>
    </div>
  );
}
