import { runFfmpeg } from './server';

/**
 * A real mp4 (H.264 video of ffmpeg's moving test pattern, AAC tone) made on the spot: the demo videos' source, the
 * transcoding tests' upload and the benchmark's clip. `ultrafast` keeps making it cheap next to the transcode itself.
 */
export async function generateClip(path: string, options: { seconds: number; width: number; height: number }): Promise<void> {
  const { seconds, width, height } = options;
  const failure = await runFfmpeg([
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=30:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', path],
  ]);
  if (failure) throw new Error(`ffmpeg could not generate a test clip: ${failure}`);
}
