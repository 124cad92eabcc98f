import { LoadError } from '@/components/errors/load-error';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoader } from '@/components/ui/page-loader';
import { Tabs } from '@/components/ui/tabs/tabs';
import { useRefreshVideos, useVideo, useVideoTags } from '../api/videos';
import { DetailsPanel } from './details-panel';
import { QuestionsPanel } from './questions-panel';
import { SchedulePanel } from './schedule-panel';

/** The tabs Details, Questions and Schedule of one video (docs/videos.md, upload), on upload step 3 and on the edit page. */
export function VideoEditorTabs({ videoId, onError }: { videoId: string; onError: (error: unknown) => boolean }) {
  const video = useVideo(videoId);
  const tags = useVideoTags();
  // A change shows in the vault and in the tag suggestions too.
  const reload = useRefreshVideos();

  if (video.isPending) return <PageLoader label="Loading the video…" />;
  if (video.isError) return <LoadError heading="The video could not be loaded" error={video.error} onRetry={() => void video.refetch()} />;
  if (!video.data) return <EmptyState title="Video not found" description="It may have been deleted." />;

  return (
    <Tabs
      label="Video"
      tabs={[
        { label: 'Details', content: <DetailsPanel video={video.data} knownTags={tags.data ?? []} onSaved={reload} onError={onError} /> },
        {
          label: 'Questions',
          content: <QuestionsPanel videoId={videoId} questions={video.data.VideoQuestion} onChanged={reload} onError={onError} />,
        },
        {
          label: 'Schedule',
          content: <SchedulePanel videoId={videoId} availableFrom={video.data.availableFrom} onSaved={reload} onError={onError} />,
        },
      ]}
    />
  );
}
