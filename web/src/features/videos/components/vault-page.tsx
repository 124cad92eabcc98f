import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Flex, Heading, Text, View } from '@/components/ui/themed/primitives';
import { LoadError } from '@/components/errors/load-error';
import { Button } from '@/components/ui/button/button';
import { ConfirmDialog } from '@/components/ui/dialog/choice-dialog';
import { ButtonLink } from '@/components/ui/link/button-link';
import { PageLoader } from '@/components/ui/page-loader';
import { SearchBox } from '@/components/ui/search-box/search-box';
import { VideoPlayerDialog } from '@/components/ui/video-player/video-player-dialog';
import { paths, withParams } from '@/config/paths';
import { useDeleteVideo, useSetVideoEnabled, useVideoList, type Video } from '../api/videos';
import { deleteConfirmation } from '../lib/messages';
import { clearUploadFlow } from '../lib/upload-flow-store';
import { groupVault } from '../lib/vault';
import { useOopsDialog } from './oops-dialog';
import '../videos.css';

const NO_DATA = 'No data available';
const SEARCH_DEBOUNCE_MS = 600;

/**
 * /home/videos/, the vault (docs/videos.md, "The pages' rules and texts"): videos newest-updated first, 10 at a time,
 * grouped by category (Getting Started for a basic series) and sorted by title in a group; search by title or tag;
 * play, edit, enable or disable (the list reloads from its first page), delete after confirmation.
 */
export function VaultPage() {
  const [search, setSearch] = useState('');
  const [playing, setPlaying] = useState<Video | null>(null);
  const [deleting, setDeleting] = useState<Video | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const oops = useOopsDialog();
  // Polled while a video is being processed, so its thumbnail appears once it is ready.
  const list = useVideoList(search);
  const setEnabled = useSetVideoEnabled();
  const deleteVideo = useDeleteVideo();

  const videos = list.data?.pages.flatMap((page) => page.videos) ?? [];

  const toggle = async (video: Video) => {
    setBusyId(video.id);
    try {
      // Then the list reloads from its first page: 10, skip 0, newest-updated first (docs/videos.md, vault).
      await setEnabled.mutateAsync({ id: video.id, enabled: !video.enabled });
    } catch (error) {
      oops.show(error);
    }
    setBusyId(null);
  };

  const remove = async () => {
    if (!deleting) return;
    setBusyId(deleting.id);
    try {
      await deleteVideo.mutateAsync(deleting.id);
    } catch (error) {
      oops.show(error);
    }
    setBusyId(null);
    setDeleting(null);
  };

  return (
    <View as="section" className="fg-video-page">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={1}>Content</Heading>
        <ButtonLink variation="primary" to={paths.home.uploadVideo} onClick={clearUploadFlow}>
          Add a video
        </ButtonLink>
      </Flex>
      <SearchBox label="Search videos by title or tag" debounceMs={SEARCH_DEBOUNCE_MS} onSearch={setSearch} initialValue={search} />
      {list.isPending ? <PageLoader label="Loading videos…" /> : null}
      {list.isError ? <LoadError heading="The videos could not be loaded" error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isSuccess && videos.length === 0 ? <Text>{NO_DATA}</Text> : null}
      {groupVault(videos).map((group) => (
        <section key={group.title} className="fg-vault-group" aria-label={group.title}>
          <Heading level={2}>{group.title}</Heading>
          <ul className="fg-vault-group__videos">
            {group.videos.map((video) => (
              <li key={video.id}>
                <VideoCard
                  video={video}
                  busy={busyId === video.id}
                  onPlay={() => setPlaying(video)}
                  onToggle={() => void toggle(video)}
                  onDelete={() => setDeleting(video)}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {list.hasNextPage ? (
        <Button onClick={() => void list.fetchNextPage()} isLoading={list.isFetchingNextPage} loadingText="Loading more videos…">
          Show more videos
        </Button>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete video"
        busy={busyId !== null && busyId === deleting?.id}
        onAccept={() => void remove()}
        onDecline={() => setDeleting(null)}
      >
        <p>{deleteConfirmation(deleting?.title ?? '')}</p>
      </ConfirmDialog>
      {playing?.url ? (
        <VideoPlayerDialog open title={playing.title} src={playing.url} poster={playing.thumbnailUrl ?? undefined} onClose={() => setPlaying(null)} />
      ) : null}
      {oops.dialog}
    </View>
  );
}

/** What a video that cannot be played yet shows instead of its thumbnail. */
function workflowText(video: Video): string {
  switch (video.workflowStatus) {
    case 'WAITING_FOR_UPLOAD':
      return video.filename ? 'Processing…' : 'Waiting for the video file';
    case 'UPLOADED':
    case 'PROGRESSING':
      return 'Processing…';
    case 'ERROR':
      return `Processing failed${video.workflowError ? `: ${video.workflowError}` : ''}`;
    case 'COMPLETE':
      return 'No thumbnail';
  }
}

interface VideoCardProps {
  video: Video;
  busy: boolean;
  onPlay: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

function VideoCard({ video, busy, onPlay, onToggle, onDelete }: VideoCardProps) {
  const playable = video.workflowStatus === 'COMPLETE' && Boolean(video.url);
  return (
    <article className="fg-video-card" aria-label={video.title} data-enabled={video.enabled}>
      {playable && video.thumbnailUrl ? (
        <button type="button" className="fg-video-card__thumbnail" onClick={onPlay} aria-label={`Play ${video.title}`}>
          <img src={video.thumbnailUrl} alt={`Thumbnail of ${video.title}`} />
        </button>
      ) : (
        <div className="fg-video-card__thumbnail fg-video-card__thumbnail--none" role="status">
          {workflowText(video)}
        </div>
      )}
      <Heading level={3} className="fg-video-card__title">
        {video.title}
      </Heading>
      <Text fontSize="small" color="font.secondary">
        {video.enabled ? 'Enabled' : 'Disabled'}
        {video.VideoSeries ? ` · ${video.VideoSeries.name}` : ''}
      </Text>
      <Flex gap="xs" wrap="wrap">
        {playable && !video.thumbnailUrl ? (
          <Button size="small" onClick={onPlay}>
            Play
          </Button>
        ) : null}
        <Link
          className="amplify-button amplify-button--small fg-button-link"
          to={withParams(paths.home.editVideo, { id: video.id })}
          aria-label={`Edit ${video.title}`}
        >
          Edit
        </Link>
        <Button
          size="small"
          onClick={onToggle}
          isLoading={busy}
          loadingText={video.enabled ? 'Disable' : 'Enable'}
          aria-label={`${video.enabled ? 'Disable' : 'Enable'} ${video.title}`}
        >
          {video.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button size="small" onClick={onDelete} isDisabled={busy} aria-label={`Delete ${video.title}`}>
          Delete
        </Button>
      </Flex>
    </article>
  );
}
