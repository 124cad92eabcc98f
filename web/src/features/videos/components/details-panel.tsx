import { Flex, Text } from '@/components/ui/themed/primitives';
import { Button } from '@/components/ui/button/button';
import { zodResolver } from '@hookform/resolvers/zod';
import { EPISODE_MAX, EPISODE_MIN, VIDEO_TAG_MAX } from '@core/videos';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DropZone } from '@/components/ui/drop-zone/drop-zone';
import { FormTextAreaField } from '@/components/ui/form/form-choice-fields';
import { FormTextField } from '@/components/ui/form/form-fields';
import { TextField } from '@/components/ui/form/fields';
import { PageLoader } from '@/components/ui/page-loader';
import { LoadError } from '@/components/errors/load-error';
import { useToast } from '@/components/ui/toast/toast';
import { LeaveGuard } from '@/components/ui/leave-guard/leave-guard';
import { useInstructorApi, useInstructorsAndSeries, useSeriesApi, useUploadSeriesCover } from '../api/instructors-and-series';
import { useUpdateVideo, type Video } from '../api/videos';
import {
  changedDetails,
  DETAILS_UPDATED,
  detailsFormSchema,
  detailsFormValues,
  withTag,
  type DetailsFormInput,
  type DetailsFormOutput,
} from '../lib/details-form';
import { COVER_IMAGE_MAX_BYTES } from '../lib/series-cover';
import { NamedItemPicker } from './named-item-picker';

const NOTHING_CHANGED = 'Nothing to save: the details are as they were.';

const COVER_ACCEPT = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/gif': ['.gif'], 'image/webp': ['.webp'] };
const COVER_MESSAGES = {
  prompt: 'Drop a series cover image here',
  invalidType: 'Please choose a PNG, JPEG, GIF or WebP image.',
  tooLarge: 'The cover image must be at most 10 MB.',
  tooMany: 'Please choose one image.',
};

interface DetailsPanelProps {
  video: Video;
  /** Every tag in use, offered while typing one. */
  knownTags: readonly string[];
  onSaved: () => Promise<void> | void;
  onError: (error: unknown) => boolean;
}

/** The Details tab (docs/videos.md, "The pages' rules and texts"): description, instructor, tags, series and episode, then Save. */
export function DetailsPanel({ video, knownTags, onSaved, onError }: DetailsPanelProps) {
  const lists = useInstructorsAndSeries();
  const updateVideo = useUpdateVideo();
  const instructorApi = useInstructorApi();
  const seriesApi = useSeriesApi();
  const uploadSeriesCover = useUploadSeriesCover();
  const toast = useToast();
  const form = useForm<DetailsFormInput, unknown, DetailsFormOutput>({
    resolver: zodResolver(detailsFormSchema),
    defaultValues: detailsFormValues(video),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [typedTag, setTypedTag] = useState('');
  const tagListId = useId();
  const tags = useWatch({ control: form.control, name: 'tags' });
  const seriesId = useWatch({ control: form.control, name: 'seriesId' });
  const instructorId = useWatch({ control: form.control, name: 'instructorId' });

  const save = form.handleSubmit(async (data) => {
    const changes = changedDetails(detailsFormSchema.parse(detailsFormValues(video)), data);
    if (Object.keys(changes).length === 0) {
      toast.success(NOTHING_CHANGED);
      return;
    }
    try {
      await updateVideo.mutateAsync({ id: video.id, data: changes });
      form.reset(form.getValues());
      toast.success(DETAILS_UPDATED);
      await onSaved();
    } catch (error) {
      onError(error);
    }
  });

  /** After an instructor or series changed (its api has asked for the lists again): the new one chosen or the deleted one cleared. */
  const listChanged = (field: 'instructorId' | 'seriesId') => async (choose?: string) => {
    if (choose !== undefined) chooseIn(field, choose);
  };

  const chooseIn = (field: 'instructorId' | 'seriesId', id: string) => {
    form.setValue(field, id, { shouldDirty: true });
    // Clearing the series clears the episode (docs/videos.md, Details tab).
    if (field === 'seriesId' && id === '') form.setValue('episode', '', { shouldDirty: true });
  };

  const addTag = () => {
    form.setValue('tags', withTag(tags, typedTag), { shouldDirty: true });
    setTypedTag('');
  };

  if (lists.isPending) return <PageLoader label="Loading instructors and series…" />;
  if (lists.isError)
    return <LoadError heading="Instructors and series could not be loaded" error={lists.error} onRetry={() => void lists.refetch()} />;

  const seriesRegistration = form.register('seriesId', {
    onChange: (event: { target: { value: string } }) => chooseIn('seriesId', event.target.value),
  });
  const chosenSeries = lists.data.series.find((series) => series.id === seriesId);

  return (
    <form className="fg-video-details" noValidate onSubmit={(event) => void save(event)}>
      <LeaveGuard when={isDirty && !isSubmitting} />
      <FormTextAreaField label="Description" autoComplete="off" registration={form.register('description')} error={errors.description?.message} />
      <NamedItemPicker
        label="Instructor"
        items={lists.data.instructors.map((instructor) => ({ id: instructor.id, name: instructor.fullName }))}
        selectedId={instructorId}
        registration={form.register('instructorId')}
        api={instructorApi}
        onChanged={listChanged('instructorId')}
        onError={onError}
      />
      <fieldset className="fg-video-tags">
        <legend className="amplify-label">Tags</legend>
        <ul className="fg-video-tags__list" aria-label="Tags of this video">
          {tags.map((tag) => (
            <li key={tag} className="fg-video-tags__tag">
              {tag}
              <button
                type="button"
                className="fg-text-button"
                aria-label={`Remove tag ${tag}`}
                onClick={() =>
                  form.setValue(
                    'tags',
                    tags.filter((other) => other !== tag),
                    { shouldDirty: true },
                  )
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <Flex gap="xs" alignItems="flex-end">
          <TextField
            label="New tag"
            list={tagListId}
            maxLength={VIDEO_TAG_MAX}
            autoComplete="off"
            value={typedTag}
            onChange={(event) => setTypedTag(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addTag();
              }
            }}
          />
          <Button size="small" onClick={addTag} isDisabled={!typedTag.trim()}>
            Add tag
          </Button>
        </Flex>
        <datalist id={tagListId}>
          {knownTags.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
        {errors.tags ? (
          <p role="alert" className="fg-field-error">
            {errors.tags.message ?? errors.tags.root?.message ?? errors.tags[0]?.message}
          </p>
        ) : null}
      </fieldset>
      <NamedItemPicker
        label="Series"
        items={lists.data.series}
        selectedId={seriesId}
        registration={seriesRegistration}
        api={seriesApi}
        onChanged={listChanged('seriesId')}
        onError={onError}
      />
      {chosenSeries ? (
        <SeriesCover
          key={chosenSeries.id}
          seriesName={chosenSeries.name}
          coverUrl={chosenSeries.coverImageUrl}
          onFile={async (file) => {
            try {
              // Resolves once the lists, which hold the cover's address, have been asked again.
              await uploadSeriesCover.mutateAsync({ seriesId: chosenSeries.id, file });
            } catch (error) {
              onError(error);
            }
          }}
        />
      ) : null}
      <FormTextField
        label="Episode"
        autoComplete="off"
        inputMode="numeric"
        description={seriesId ? `A number from ${EPISODE_MIN} to ${EPISODE_MAX}.` : 'Choose a series first.'}
        registration={form.register('episode')}
        error={errors.episode?.message}
      />
      <Flex justifyContent="flex-end">
        <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Saving…">
          Save
        </Button>
      </Flex>
    </form>
  );
}

function SeriesCover({ seriesName, coverUrl, onFile }: { seriesName: string; coverUrl: string | null; onFile: (file: File) => Promise<void> }) {
  const [uploading, setUploading] = useState(false);
  return (
    <div className="fg-video-series-cover">
      {coverUrl ? (
        <img src={coverUrl} alt={`Cover of ${seriesName}`} className="fg-video-series-cover__image" />
      ) : (
        <Text>{seriesName} has no cover image.</Text>
      )}
      <DropZone
        accept={COVER_ACCEPT}
        maxSize={COVER_IMAGE_MAX_BYTES}
        messages={COVER_MESSAGES}
        disabled={uploading}
        onFiles={([file]) => {
          if (!file) return;
          setUploading(true);
          void onFile(file).finally(() => setUploading(false));
        }}
      />
    </div>
  );
}
