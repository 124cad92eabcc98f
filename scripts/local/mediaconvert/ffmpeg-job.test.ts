import type { JobSettings } from '@aws-sdk/client-mediaconvert';
import { transcodeJobSettings, transcodeJobTemplateSettings } from '../../../lambdas/lib/transcoding-job';
import { mergeSettings, planFfmpegJob, UnsupportedSettingError } from './ffmpeg-job';

const jobSettings = () => mergeSettings(transcodeJobTemplateSettings as JobSettings, transcodeJobSettings('videos', 'videos/v1/source/u1.mp4', 'v1'));

describe('MediaConvert settings as one ffmpeg run', () => {
  it("merges a job's output groups into the template's by position, keeping the template's outputs", () => {
    const settings = jobSettings();
    expect(settings.Inputs).toEqual([expect.objectContaining({ FileInput: 's3://videos/videos/v1/source/u1.mp4', TimecodeSource: 'ZEROBASED' })]);
    expect(
      settings.OutputGroups?.map((group) => [
        group.Name,
        group.Outputs?.length,
        group.OutputGroupSettings?.HlsGroupSettings?.Destination ?? group.OutputGroupSettings?.FileGroupSettings?.Destination,
      ]),
    ).toEqual([
      ['HLS', 2, 's3://videos/media/v1/u1/index'],
      ['Thumbnail', 1, 's3://videos/media/v1/u1/index'],
    ]);
    expect(settings.OutputGroups?.[0].OutputGroupSettings?.HlsGroupSettings?.SegmentLength).toBe(6);
  });

  it("writes MediaConvert's file names: renditions and segments per name modifier, a main playlist, a numbered frame", () => {
    const plan = planFfmpegJob(jobSettings(), '/in/input', '/out');
    expect(plan.args).toEqual(
      expect.arrayContaining(['/out/0/index_720p.m3u8', '/out/0/index_720p_%05d.ts', '/out/0/index_360p.m3u8', '/out/1/index_thumbnail.0000000.jpg']),
    );
    expect(plan.groups).toEqual([
      {
        type: 'HLS_GROUP',
        destinationFolder: 's3://videos/media/v1/u1/',
        localDir: '/out/0',
        playlistFiles: ['index.m3u8'],
        outputFiles: [['index_720p.m3u8'], ['index_360p.m3u8']],
      },
      {
        type: 'FILE_GROUP',
        destinationFolder: 's3://videos/media/v1/u1/',
        localDir: '/out/1',
        playlistFiles: [],
        outputFiles: [['index_thumbnail.0000000.jpg']],
      },
    ]);
    expect(plan.extraFiles).toEqual([
      {
        path: '/out/0/index.m3u8',
        content:
          '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=3096000,RESOLUTION=1280x720\nindex_720p.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=896000,RESOLUTION=640x360\nindex_360p.m3u8\n',
      },
    ]);
  });

  it('scales each output to its size and caps its bitrate as the template says', () => {
    const { args } = planFfmpegJob(jobSettings(), '/in/input', '/out');
    expect(args[args.indexOf('-filter_complex') + 1]).toBe(
      '[0:v]split=3[v0in][v1in][v2in];[v0in]scale=1280:720[v0];[v1in]scale=640:360[v1];[v2in]scale=1280:720[v2]',
    );
    const maxRates = args.flatMap((arg, i) => (arg === '-maxrate' ? [args[i + 1]] : []));
    expect(maxRates).toEqual(['3000000', '800000']);
  });

  it('refuses settings it cannot honour instead of producing something else', () => {
    const settings = jobSettings();
    const h265 = mergeSettings(settings, { OutputGroups: [{ Outputs: [{ VideoDescription: { CodecSettings: { Codec: 'H_265' } } }] }] });
    expect(() => planFfmpegJob(h265, '/in', '/out')).toThrow(new UnsupportedSettingError('HLS outputs must be H_264.'));
    const captures = mergeSettings(settings, {
      OutputGroups: [{}, { Outputs: [{ VideoDescription: { CodecSettings: { FrameCaptureSettings: { MaxCaptures: 5 } } } }] }],
    });
    expect(() => planFfmpegJob(captures, '/in', '/out')).toThrow('Only one frame capture (MaxCaptures 1) is supported locally.');
    expect(() => planFfmpegJob({ ...settings, Inputs: [] }, '/in', '/out')).toThrow('Exactly one input with a FileInput is supported.');
  });
});
