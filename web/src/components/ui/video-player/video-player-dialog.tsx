import { Button } from '../button/button';
import { useEffect, useRef, useState } from 'react';
import { Dialog, INITIAL_FOCUS } from '../dialog/dialog';

/** An HLS playlist (what MediaConvert writes), whatever the query string. */
export function isHlsSource(src: string): boolean {
  return new URL(src, 'https://fitgauge.invalid').pathname.toLowerCase().endsWith('.m3u8');
}

export const PLAYBACK_FAILED = 'This video could not be played.';

interface VideoPlayerDialogProps {
  open: boolean;
  title: string;
  src: string;
  poster?: string;
  onClose: () => void;
}

/**
 * The fullscreen video player dialog (docs/ui-kit.md). HLS playlists play through hls.js, loaded only
 * when one is opened (it is large, and no first page needs it), or natively where the browser plays HLS
 * itself (Safari); other sources play natively.
 */
export function VideoPlayerDialog({ open, title, src, poster, onClose }: VideoPlayerDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      fullscreen
      bodyDescribes={false}
      actions={
        <Button variation="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {/* Mounted only while open: closing stops the video and frees hls.js. */}
      <VideoPlayer src={src} poster={poster} />
    </Dialog>
  );
}

function VideoPlayer({ src, poster }: { src: string; poster?: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const hls = isHlsSource(src);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  useEffect(() => {
    const element = video.current!;
    if (!hls) return;
    let cancelled = false;
    let player: { destroy: () => void } | null = null;
    void import('hls.js').then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        if (element.canPlayType('application/vnd.apple.mpegurl')) element.src = src;
        else setFailedSrc(src);
        return;
      }
      const instance = new Hls();
      instance.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) setFailedSrc(src);
      });
      instance.loadSource(src);
      instance.attachMedia(element);
      player = instance;
    });
    return () => {
      cancelled = true;
      player?.destroy();
    };
  }, [src, hls]);

  return (
    <div className="fg-video-player">
      <video
        ref={video}
        className="fg-video-player__video"
        src={hls ? undefined : src}
        poster={poster}
        controls
        playsInline
        onError={() => setFailedSrc(src)}
        {...INITIAL_FOCUS}
      />
      {failedSrc === src ? (
        <p role="alert" className="fg-field-error">
          {PLAYBACK_FAILED}
        </p>
      ) : null}
    </div>
  );
}
