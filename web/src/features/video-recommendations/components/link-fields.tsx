import { PILLAR_OPTIONS, recommendationAnswers, recommendationQuestions } from '@core/recommendations';
import { isPillarSlug } from '@core/pillars';
import { VIDEO_CATEGORIES, VIDEO_CATEGORY_TITLES } from '@core/videos';
import { SelectField } from '@/components/ui/form/select-field';
import { useRecommendableVideos } from '../api/recommendable-videos';
import { changeLink, type LinkField, type LinkForm, lockedFields } from '../lib/link-form';

/** A link select inside the form's spacing (Save needs them in order; lib/link-form.ts locks the later ones). */
function LinkSelect({ placeholder, ...select }: Omit<Parameters<typeof SelectField<string>>[0], 'emptyLabel'> & { placeholder: string }) {
  return (
    <div className="fg-form-field">
      <SelectField emptyLabel={placeholder} {...select} />
    </div>
  );
}

const CATEGORY_OPTIONS = VIDEO_CATEGORIES.map((category) => ({ value: category, label: VIDEO_CATEGORY_TITLES[category] }));

/**
 * Pillar, Question, Answer Type, Category and Video Link of a recommendation, unlocking and clearing as
 * lib/link-form.ts says. Only videos that are COMPLETE and enabled are offered, those of the chosen category.
 */
export function LinkFields({ form, onChange }: { form: LinkForm; onChange: (form: LinkForm) => void }) {
  const locked = lockedFields(form);
  const change = (field: LinkField) => (value: string) => onChange(changeLink(form, field, value));
  const videos = useRecommendableVideos(form.category);
  const questions = isPillarSlug(form.pillarSlug)
    ? recommendationQuestions(form.pillarSlug).map((question) => ({ value: question.slug, label: question.text }))
    : [];
  const answers = recommendationAnswers(form.questionSlug).map((option) => ({ value: option.value, label: option.label }));
  const videoOptions = (videos.data ?? []).map((video) => ({ value: video.id, label: video.title }));
  return (
    <>
      <LinkSelect
        label="Pillar"
        placeholder="Choose a pillar"
        value={form.pillarSlug}
        options={PILLAR_OPTIONS}
        disabled={locked.pillarSlug}
        onChange={change('pillarSlug')}
      />
      <LinkSelect
        label="Question"
        placeholder="Choose a question"
        value={form.questionSlug}
        options={questions}
        disabled={locked.questionSlug}
        onChange={change('questionSlug')}
      />
      <LinkSelect
        label="Answer Type"
        placeholder="Choose an answer"
        value={form.answer}
        options={answers}
        disabled={locked.answer}
        onChange={change('answer')}
      />
      <LinkSelect
        label="Category"
        placeholder="Choose a category"
        value={form.category}
        options={CATEGORY_OPTIONS}
        disabled={locked.category}
        onChange={change('category')}
      />
      <LinkSelect
        label="Video Link"
        placeholder={
          videos.isFetching
            ? 'Loading videos…'
            : videoOptions.length === 0 && form.category
              ? 'No processed videos in this category'
              : 'Choose a video'
        }
        value={form.videoId}
        options={videoOptions}
        disabled={locked.videoId || videos.isFetching}
        onChange={change('videoId')}
      />
      {videos.isError ? (
        <p className="fg-field-error" role="alert">
          The videos could not be loaded: {videos.error.message}
        </p>
      ) : null}
    </>
  );
}
