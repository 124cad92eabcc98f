import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

/** hls.js needs Media Source Extensions, which jsdom lacks: a stand-in records what the player asks of it. */
const hlsCalls: string[] = [];
let hlsSupported = true;
let failHls: (() => void) | null = null;
jest.mock('hls.js', () => {
  class FakeHls {
    static Events = { ERROR: 'hlsError' };
    static isSupported = () => hlsSupported;
    on(_event: string, listener: (event: string, data: { fatal: boolean }) => void) {
      failHls = () => listener('hlsError', { fatal: true });
    }
    loadSource(src: string) {
      hlsCalls.push(`loadSource ${src}`);
    }
    attachMedia(media: HTMLMediaElement) {
      hlsCalls.push(`attachMedia ${media.tagName}`);
    }
    destroy() {
      hlsCalls.push('destroy');
    }
  }
  return { __esModule: true, default: FakeHls };
});

const { isHlsSource, PLAYBACK_FAILED, VideoPlayerDialog } = require('./video-player-dialog') as typeof import('./video-player-dialog');

const HLS_URL = 'https://videos.fitgauge.test/vault/v1/index.m3u8?token=abc';
const MP4_URL = 'https://videos.fitgauge.test/vault/v1/clip.mp4';

function Player({ src }: { src: string }) {
  const [open, setOpen] = useState(true);
  return <VideoPlayerDialog open={open} title="Aim drills" src={src} onClose={() => setOpen(false)} />;
}

const video = () => document.querySelector('video')!;

describe('VideoPlayerDialog', () => {
  beforeEach(() => {
    hlsCalls.length = 0;
    hlsSupported = true;
    failHls = null;
  });

  it('recognises HLS playlists by their path', () => {
    expect(isHlsSource(HLS_URL)).toBe(true);
    expect(isHlsSource(MP4_URL)).toBe(false);
    expect(isHlsSource('/local/videos/index.M3U8')).toBe(true);
  });

  it('plays other sources natively, without hls.js', async () => {
    render(<Player src={MP4_URL} />);
    expect(screen.getByRole('dialog', { name: 'Aim drills' })).toBe(video().closest('[role="dialog"]'));
    expect(video().src).toBe(MP4_URL);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hlsCalls).toEqual([]);
  });

  it('plays an HLS playlist through hls.js and frees it on Close', async () => {
    const user = userEvent.setup();
    render(<Player src={HLS_URL} />);
    await waitFor(() => expect(hlsCalls).toEqual([`loadSource ${HLS_URL}`, 'attachMedia VIDEO']));
    expect(video().getAttribute('src')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(hlsCalls).toEqual([`loadSource ${HLS_URL}`, 'attachMedia VIDEO', 'destroy']);
  });

  it('says so when hls.js fails for good', async () => {
    render(<Player src={HLS_URL} />);
    await waitFor(() => expect(failHls).not.toBeNull());
    act(() => failHls!());
    expect((await screen.findByRole('alert')).textContent).toBe(PLAYBACK_FAILED);
  });

  it('says so when the browser can play HLS neither way', async () => {
    hlsSupported = false;
    render(<Player src={HLS_URL} />);
    expect((await screen.findByRole('alert')).textContent).toBe(PLAYBACK_FAILED);
  });
});
