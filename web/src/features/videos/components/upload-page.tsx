import { zodResolver } from '@hookform/resolvers/zod';
import { PILLARS } from '@core/pillars';
import {
  DEFAULT_PILLAR_CATEGORY,
  DEFAULT_VIDEO_CATEGORY,
  VIDEO_CATEGORIES,
  VIDEO_CATEGORY_TITLES,
  VIDEO_FILE_MAX_BYTES,
  VIDEO_TITLE_MAX,
  videoCreateSchema,
} from '@core/videos';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Flex, Heading, Text, View } from '@/components/ui/themed/primitives';
import { Button } from '@/components/ui/button/button';
import { DropZone } from '@/components/ui/drop-zone/drop-zone';
import { FormSelectField } from '@/components/ui/form/form-choice-fields';
import { FormTextField } from '@/components/ui/form/form-fields';
import { ButtonLink } from '@/components/ui/link/button-link';
import { useToast } from '@/components/ui/toast/toast';
import { paths } from '@/config/paths';
import { useUploadFlow } from '../api/upload-flow';
import { useRefreshVideos } from '../api/videos';
import { progressPercent, UPLOAD_MESSAGES, UPLOADED_TOAST_MS, type UploadFlowState } from '../lib/upload-flow';
import { VIDEO_FILE_ACCEPT } from '../lib/video-file-accept';
import { useOopsDialog } from './oops-dialog';
import { VideoEditorTabs } from './video-editor-tabs';
import '../videos.css';

const stepOneSchema = videoCreateSchema.pick({ title: true, category: true, pillarCategory: true });

const CATEGORY_OPTIONS = VIDEO_CATEGORIES.map((category) => ({ value: category, label: VIDEO_CATEGORY_TITLES[category] }));
const PILLAR_OPTIONS = PILLARS.map((pillar) => ({ value: pillar.slug, label: pillar.label }));

const DROP_MESSAGES = {
  prompt: UPLOAD_MESSAGES.dropPrompt,
  invalidType: UPLOAD_MESSAGES.unsupportedFile,
  tooLarge: 'The video must be at most 5 GB.',
  tooMany: UPLOAD_MESSAGES.tooManyFiles,
};

/**
 * /home/video/upload (docs/videos.md, "The pages' rules and texts"): step 1 creates the video record, step 2 chooses
 * the file (mp4, mov or ts), step 3 uploads it straight to storage with its progress while the Details, Questions and
 * Schedule tabs are edited; Done returns to the vault.
 */
export function UploadPage() {
  const flow = useUploadFlow();
  const oops = useOopsDialog();
  const { state } = flow;

  return (
    <View as="section" className="fg-video-page">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={1}>Add a video</Heading>
        <ButtonLink to={paths.home.videos}>Back to Content</ButtonLink>
      </Flex>
      <Text color="font.secondary">Step {state.step} of 3</Text>
      {state.step === 1 ? <StepDetails onCreate={flow.create} onError={oops.show} /> : null}
      {state.step === 2 ? <StepFile key={state.video.id} state={state} onError={oops.show} /> : null}
      {state.step === 3 ? <StepUpload state={state} onError={oops.show} /> : null}
      {oops.dialog}
    </View>
  );
}

function StepDetails({ onCreate, onError }: { onCreate: ReturnType<typeof useUploadFlow>['create']; onError: (error: unknown) => boolean }) {
  const form = useForm({
    resolver: zodResolver(stepOneSchema),
    defaultValues: { title: '', category: DEFAULT_VIDEO_CATEGORY, pillarCategory: DEFAULT_PILLAR_CATEGORY },
  });
  const { errors, isSubmitting } = form.formState;
  const next = form.handleSubmit(async (values) => {
    try {
      await onCreate(values);
    } catch (error) {
      onError(error);
    }
  });

  return (
    <form className="fg-video-step" noValidate onSubmit={(event) => void next(event)}>
      <FormTextField
        label="Title"
        autoComplete="off"
        registration={form.register('title')}
        error={errors.title?.message}
        description={`At most ${VIDEO_TITLE_MAX} characters.`}
      />
      <FormSelectField
        label="Pillar Category"
        autoComplete="off"
        options={PILLAR_OPTIONS}
        registration={form.register('pillarCategory')}
        error={errors.pillarCategory?.message}
      />
      <FormSelectField
        label="Category"
        autoComplete="off"
        options={CATEGORY_OPTIONS}
        registration={form.register('category')}
        error={errors.category?.message}
      />
      <Flex justifyContent="flex-end">
        <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Next">
          Next
        </Button>
      </Flex>
    </form>
  );
}

function StepFile({ state, onError }: { state: Extract<UploadFlowState, { step: 2 }>; onError: (error: unknown) => boolean }) {
  const flow = useUploadFlow();
  const navigate = useNavigate();
  const toast = useToast();
  const refreshVideos = useRefreshVideos();
  const [file, setFile] = useState<File | null>(null);
  const [cancelling, setCancelling] = useState(false);

  const cancel = async () => {
    setCancelling(true);
    try {
      await flow.cancel();
      await refreshVideos();
      navigate(paths.home.videos);
    } catch (error) {
      setCancelling(false);
      onError(error);
    }
  };

  const start = (chosen: File) => {
    flow
      .upload(chosen)
      .then(() => {
        toast.success(UPLOAD_MESSAGES.uploaded, { durationMs: UPLOADED_TOAST_MS });
        return refreshVideos();
      })
      // An error about uploading the video sends the flow back to this step, which says it; others open Oops!.
      .catch((error: Error) => (error.message === UPLOAD_MESSAGES.uploadFailed ? undefined : onError(error)));
  };

  return (
    <div className="fg-video-step">
      <Text>
        Choose the file of <strong>{state.video.title}</strong>: an mp4, mov or ts video.
      </Text>
      {state.problem ? (
        <p role="alert" className="fg-field-error">
          {state.problem}
        </p>
      ) : null}
      <DropZone
        accept={VIDEO_FILE_ACCEPT}
        maxSize={VIDEO_FILE_MAX_BYTES}
        messages={DROP_MESSAGES}
        onFiles={([chosen]) => setFile(chosen ?? null)}
        disabled={cancelling}
      />
      {file ? <Text>Chosen file: {file.name}</Text> : null}
      <Flex justifyContent="flex-end" gap="small">
        <Button onClick={() => void cancel()} isLoading={cancelling} loadingText="Cancel">
          Cancel
        </Button>
        <Button variation="primary" isDisabled={!file || cancelling} onClick={() => file && start(file)}>
          Next
        </Button>
      </Flex>
    </div>
  );
}

function StepUpload({ state, onError }: { state: Extract<UploadFlowState, { step: 3 }>; onError: (error: unknown) => boolean }) {
  const flow = useUploadFlow();
  const navigate = useNavigate();
  const percent = progressPercent(state.upload);

  const done = () => {
    flow.reset();
    navigate(paths.home.videos);
  };

  return (
    <div className="fg-video-step">
      <Heading level={2}>{state.video.title}</Heading>
      {state.upload.status === 'uploading' ? <Text>{UPLOAD_MESSAGES.uploading}</Text> : null}
      {state.upload.status === 'done' ? <Text>{UPLOAD_MESSAGES.uploaded}</Text> : null}
      {state.upload.status === 'failed' ? <Text>The upload stopped. Close this page with Done and upload the video again.</Text> : null}
      <div className="fg-video-progress">
        <progress max={100} value={percent} aria-label={`Uploading ${state.fileName}`} aria-valuetext={`${percent}%`} />
        <Text as="span" aria-hidden="true">
          {percent}%
        </Text>
      </div>
      <FilePreview fileName={state.fileName} />
      <VideoEditorTabs videoId={state.video.id} onError={onError} />
      <Flex justifyContent="flex-end">
        <Button variation="primary" onClick={done}>
          Done
        </Button>
      </Flex>
    </div>
  );
}

/** The chosen file, played from the browser's memory while it uploads (the preview of docs/videos.md, upload). */
function FilePreview({ fileName }: { fileName: string }) {
  const file = useUploadFlow().file;
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url) return null;
  return <video className="fg-video-preview" src={url} controls muted playsInline aria-label={`Preview of ${fileName}`} />;
}
