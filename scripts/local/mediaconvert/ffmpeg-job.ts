/**
 * MediaConvert job settings as one ffmpeg run: the subset FitGauge's job template uses (lambdas/lib/transcoding-job.ts)
 * of HLS groups with H.264/AAC outputs and file groups with a frame capture. Anything else is refused, so a template
 * change the stand-in cannot honour fails the job instead of producing something else. Output names follow
 * MediaConvert's: `<base><modifier>.m3u8`, segments `<base><modifier>_00001.ts`, the main playlist `<base>.m3u8`,
 * frame captures `<base><modifier>.0000000.jpg`.
 */
import { join } from 'node:path';
import type { JobSettings, Output, OutputGroup } from '@aws-sdk/client-mediaconvert';

/** What the job-state event reports per output group (MediaConvert's outputGroupDetails), as file names under the folder. */
export interface PlannedGroup {
  type: 'HLS_GROUP' | 'FILE_GROUP';
  /** Folder (s3://bucket/prefix/) the group's files go to. */
  destinationFolder: string;
  /** Where ffmpeg writes the group's files (one folder per group, so each is uploaded to its own destination). */
  localDir: string;
  playlistFiles: string[];
  outputFiles: string[][];
}

export interface FfmpegPlan {
  args: string[];
  /** Files ffmpeg does not write itself (HLS main playlists), as paths. */
  extraFiles: { path: string; content: string }[];
  groups: PlannedGroup[];
  /** The input's s3:// address. */
  input: string;
}

export class UnsupportedSettingError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Job settings over template settings, as MediaConvert merges them: objects key by key, arrays element by position. */
export function mergeSettings<T>(template: T, job: unknown): T {
  if (Array.isArray(template) && Array.isArray(job)) {
    return Array.from({ length: Math.max(template.length, job.length) }, (_, i) =>
      i >= job.length ? template[i] : i >= template.length ? job[i] : mergeSettings(template[i], job[i]),
    ) as T;
  }
  if (isObject(template) && isObject(job)) {
    const merged: Record<string, unknown> = { ...template };
    for (const [key, value] of Object.entries(job)) merged[key] = key in template ? mergeSettings(template[key], value) : value;
    return merged as T;
  }
  return (job ?? template) as T;
}

/** s3://bucket/prefix/base -> folder s3://bucket/prefix/ and file base name `base`. */
function splitDestination(destination: string | undefined): { folder: string; base: string } {
  if (!destination?.startsWith('s3://'))
    throw new UnsupportedSettingError(`Output destination must be an s3:// address, got ${String(destination)}.`);
  const slash = destination.lastIndexOf('/');
  return { folder: destination.slice(0, slash + 1), base: destination.slice(slash + 1) || 'index' };
}

/** QVBR quality 1-10 as x264's constant rate factor (7, MediaConvert's suggestion for 720p, is about crf 23). */
const crfOfQvbr = (level: number) => String(Math.round(51 - level * 4));
/** MediaConvert's JPEG quality 1-100 as ffmpeg's mjpeg scale 2 (best) to 31. */
const jpegScaleOfQuality = (quality: number) => String(Math.max(2, Math.round(31 - (quality * 29) / 100)));

function videoSize(output: Output): { width: number; height: number } {
  const { Width: width, Height: height } = output.VideoDescription ?? {};
  if (!width || !height) throw new UnsupportedSettingError('Every output needs a Width and Height.');
  return { width, height };
}

export function planFfmpegJob(settings: JobSettings, inputPath: string, outDir: string): FfmpegPlan {
  const input = settings.Inputs?.[0]?.FileInput;
  if (!input || (settings.Inputs?.length ?? 0) !== 1) throw new UnsupportedSettingError('Exactly one input with a FileInput is supported.');
  const groups = settings.OutputGroups ?? [];
  const outputs = groups.flatMap((group) => group.Outputs ?? []);
  const labels = outputs.map((_, i) => `v${i}`);
  const filter = [
    `[0:v]split=${outputs.length}${labels.map((label) => `[${label}in]`).join('')}`,
    ...outputs.map((output, i) => {
      const { width, height } = videoSize(output);
      return `[${labels[i]}in]scale=${width}:${height}[${labels[i]}]`;
    }),
  ].join(';');
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', inputPath, '-filter_complex', filter];
  const extraFiles: FfmpegPlan['extraFiles'] = [];
  const planned: PlannedGroup[] = [];
  let outputIndex = 0;
  for (const group of groups) {
    const label = () => `[${labels[outputIndex++]}]`;
    const groupDir = join(outDir, String(planned.length));
    if (group.OutputGroupSettings?.Type === 'HLS_GROUP_SETTINGS') planned.push(planHlsGroup(group, label, args, extraFiles, groupDir));
    else if (group.OutputGroupSettings?.Type === 'FILE_GROUP_SETTINGS') planned.push(planFrameCaptureGroup(group, label, args, groupDir));
    else throw new UnsupportedSettingError(`Output group type ${String(group.OutputGroupSettings?.Type)} is not supported locally.`);
  }
  return { args, extraFiles, groups: planned, input };
}

function planHlsGroup(group: OutputGroup, label: () => string, args: string[], extraFiles: FfmpegPlan['extraFiles'], outDir: string): PlannedGroup {
  const hls = group.OutputGroupSettings!.HlsGroupSettings ?? {};
  const { folder, base } = splitDestination(hls.Destination);
  const segmentSeconds = String(hls.SegmentLength ?? 10);
  const variants: string[] = [];
  const playlists: string[] = [];
  for (const output of group.Outputs ?? []) {
    if (output.ContainerSettings?.Container !== 'M3U8') throw new UnsupportedSettingError('HLS outputs must use the M3U8 container.');
    const h264 = output.VideoDescription?.CodecSettings?.H264Settings;
    if (output.VideoDescription?.CodecSettings?.Codec !== 'H_264' || !h264) throw new UnsupportedSettingError('HLS outputs must be H_264.');
    const aac = output.AudioDescriptions?.[0]?.CodecSettings?.AacSettings;
    const { width, height } = videoSize(output);
    const maxBitrate = h264.MaxBitrate ?? h264.Bitrate ?? 5_000_000;
    const gopSeconds = h264.GopSizeUnits === 'SECONDS' ? (h264.GopSize ?? 2) : 2;
    const name = `${base}${output.NameModifier ?? ''}`;
    args.push('-map', label(), '-map', '0:a?');
    // x264's fastest preset: the local copy is for playback on a developer's machine, and seeding and tests wait on it.
    args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'high', '-pix_fmt', 'yuv420p');
    if (h264.RateControlMode === 'QVBR') args.push('-crf', crfOfQvbr(h264.QvbrSettings?.QvbrQualityLevel ?? 7));
    else args.push('-b:v', String(h264.Bitrate ?? maxBitrate));
    args.push('-maxrate', String(maxBitrate), '-bufsize', String(2 * maxBitrate));
    // A keyframe every GOP so segments can start on one; scene cuts may add more (TRANSITION_DETECTION).
    args.push('-force_key_frames', `expr:gte(t,n_forced*${gopSeconds})`);
    args.push('-c:a', 'aac', '-b:a', String(aac?.Bitrate ?? 96_000), '-ac', '2', '-ar', String(aac?.SampleRate ?? 48_000));
    args.push('-f', 'hls', '-hls_time', segmentSeconds, '-hls_playlist_type', 'vod', '-start_number', '1');
    args.push('-hls_segment_filename', join(outDir, `${name}_%05d.ts`), join(outDir, `${name}.m3u8`));
    playlists.push(`${name}.m3u8`);
    variants.push(`#EXT-X-STREAM-INF:BANDWIDTH=${maxBitrate + (aac?.Bitrate ?? 96_000)},RESOLUTION=${width}x${height}\n${name}.m3u8`);
  }
  const main = `${base}.m3u8`;
  extraFiles.push({ path: join(outDir, main), content: ['#EXTM3U', '#EXT-X-VERSION:3', ...variants, ''].join('\n') });
  // Segment names are known only once ffmpeg has run; the event lists the playlists, as MediaConvert's does.
  return {
    type: 'HLS_GROUP',
    destinationFolder: folder,
    localDir: outDir,
    playlistFiles: [main],
    outputFiles: playlists.map((playlist) => [playlist]),
  };
}

function planFrameCaptureGroup(group: OutputGroup, label: () => string, args: string[], outDir: string): PlannedGroup {
  const { folder, base } = splitDestination(group.OutputGroupSettings!.FileGroupSettings?.Destination);
  const outputFiles: string[][] = [];
  for (const output of group.Outputs ?? []) {
    const capture = output.VideoDescription?.CodecSettings?.FrameCaptureSettings;
    if (output.VideoDescription?.CodecSettings?.Codec !== 'FRAME_CAPTURE' || !capture) {
      throw new UnsupportedSettingError('File groups are supported locally for FRAME_CAPTURE outputs only.');
    }
    if ((capture.MaxCaptures ?? 1) !== 1) throw new UnsupportedSettingError('Only one frame capture (MaxCaptures 1) is supported locally.');
    const file = `${base}${output.NameModifier ?? ''}.0000000.jpg`;
    args.push('-map', label(), '-frames:v', '1', '-q:v', jpegScaleOfQuality(capture.Quality ?? 80), join(outDir, file));
    outputFiles.push([file]);
  }
  return { type: 'FILE_GROUP', destinationFolder: folder, localDir: outDir, playlistFiles: [], outputFiles };
}
