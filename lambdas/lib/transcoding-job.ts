/**
 * The one description of a transcode (docs/transcoding.md): MediaConvert's job template settings, which CDK
 * deploys as the job template (infra/lib/transcoding.ts) and the local stand-in runs with ffmpeg
 * (scripts/local/mediaconvert), and the per-job settings the starter sends (input, destinations, whose video).
 * Pure data in MediaConvert's own shapes (@aws-sdk/client-mediaconvert).
 */
import type { JobSettings, JobTemplateSettings } from '@aws-sdk/client-mediaconvert';
import { videoMediaFolder } from '@core/video-files';

/** Output group names, which the job-state event repeats (outputGroupDetails are in the same order). */
const HLS_GROUP = 'HLS';
const THUMBNAIL_GROUP = 'Thumbnail';
/** How job-state events name the two groups' types (outputGroupDetails[].type). */
export const HLS_GROUP_TYPE = 'HLS_GROUP';
export const THUMBNAIL_GROUP_TYPE = 'FILE_GROUP';
/** The base name of every output: `index.m3u8`, `index_720p.m3u8`, `index_thumbnail.0000000.jpg`. */
const OUTPUT_BASE_NAME = 'index';

interface HlsRendition {
  readonly nameModifier: string;
  readonly width: number;
  readonly height: number;
  readonly maxBitrate: number;
}

/** 16:9 renditions for phones on mobile data up to desktops; 720p is the largest the admin and library players need. */
const HLS_RENDITIONS: readonly HlsRendition[] = [
  { nameModifier: '_720p', width: 1280, height: 720, maxBitrate: 3_000_000 },
  { nameModifier: '_360p', width: 640, height: 360, maxBitrate: 800_000 },
];
const HLS_SEGMENT_SECONDS = 6;
const KEYFRAME_SECONDS = 2;
const AUDIO_BITRATE = 96_000;

export const transcodeJobTemplateSettings: JobTemplateSettings = {
  TimecodeConfig: { Source: 'ZEROBASED' },
  Inputs: [
    {
      TimecodeSource: 'ZEROBASED',
      VideoSelector: {},
      AudioSelectors: { 'Audio Selector 1': { DefaultSelection: 'DEFAULT' } },
    },
  ],
  OutputGroups: [
    {
      Name: HLS_GROUP,
      OutputGroupSettings: {
        Type: 'HLS_GROUP_SETTINGS',
        HlsGroupSettings: {
          SegmentLength: HLS_SEGMENT_SECONDS,
          MinSegmentLength: 0,
          SegmentControl: 'SEGMENTED_FILES',
          DirectoryStructure: 'SINGLE_DIRECTORY',
          ManifestDurationFormat: 'INTEGER',
        },
      },
      Outputs: HLS_RENDITIONS.map((rendition) => ({
        NameModifier: rendition.nameModifier,
        ContainerSettings: { Container: 'M3U8', M3u8Settings: {} },
        VideoDescription: {
          Width: rendition.width,
          Height: rendition.height,
          CodecSettings: {
            Codec: 'H_264',
            H264Settings: {
              RateControlMode: 'QVBR',
              QvbrSettings: { QvbrQualityLevel: 7 },
              MaxBitrate: rendition.maxBitrate,
              GopSize: KEYFRAME_SECONDS,
              GopSizeUnits: 'SECONDS',
              SceneChangeDetect: 'TRANSITION_DETECTION',
            },
          },
        },
        AudioDescriptions: [
          {
            AudioSourceName: 'Audio Selector 1',
            CodecSettings: { Codec: 'AAC', AacSettings: { Bitrate: AUDIO_BITRATE, CodingMode: 'CODING_MODE_2_0', SampleRate: 48_000 } },
          },
        ],
      })),
    },
    {
      Name: THUMBNAIL_GROUP,
      OutputGroupSettings: { Type: 'FILE_GROUP_SETTINGS', FileGroupSettings: {} },
      Outputs: [
        {
          NameModifier: '_thumbnail',
          ContainerSettings: { Container: 'RAW' },
          VideoDescription: {
            Width: 1280,
            Height: 720,
            CodecSettings: {
              Codec: 'FRAME_CAPTURE',
              FrameCaptureSettings: { FramerateNumerator: 1, FramerateDenominator: 1, MaxCaptures: 1, Quality: 80 },
            },
          },
        },
      ],
    },
  ],
};

/**
 * What one job adds to the template: the uploaded file and where its outputs go. MediaConvert merges these output
 * groups with the template's by position, so they repeat the groups' names and types.
 */
export function transcodeJobSettings(bucket: string, uploadKey: string, videoId: string): JobSettings {
  const destination = `s3://${bucket}/${videoMediaFolder(videoId, uploadKey)}${OUTPUT_BASE_NAME}`;
  return {
    Inputs: [{ FileInput: `s3://${bucket}/${uploadKey}` }],
    OutputGroups: [
      { Name: HLS_GROUP, OutputGroupSettings: { Type: 'HLS_GROUP_SETTINGS', HlsGroupSettings: { Destination: destination } } },
      { Name: THUMBNAIL_GROUP, OutputGroupSettings: { Type: 'FILE_GROUP_SETTINGS', FileGroupSettings: { Destination: destination } } },
    ],
  };
}

/** EventBridge's detail-type and source of MediaConvert's job-state events. */
export const JOB_STATE_CHANGE = 'MediaConvert Job State Change';
export const MEDIACONVERT_SOURCE = 'aws.mediaconvert';
/** The final states, the only ones the status function is sent (the starter records the submission itself). */
export const FINAL_JOB_STATES = ['COMPLETE', 'ERROR', 'CANCELED'] as const;

/** What the starter puts in a job's user metadata; MediaConvert repeats it in every job-state event. */
export interface TranscodeJobMetadata {
  readonly videoId: string;
  readonly uploadKey: string;
}

export interface JobStateOutputGroup {
  readonly type: string;
  readonly playlistFilePaths?: readonly string[];
  readonly outputDetails?: readonly { readonly outputFilePaths?: readonly string[] }[];
}

/** The part of MediaConvert's job-state event the status function reads. */
export interface JobStateEvent {
  readonly source: string;
  readonly 'detail-type': string;
  readonly detail: {
    readonly jobId: string;
    readonly status: string;
    readonly userMetadata?: Partial<TranscodeJobMetadata>;
    readonly outputGroupDetails?: readonly JobStateOutputGroup[];
    readonly errorCode?: number;
    readonly errorMessage?: string;
  };
}
