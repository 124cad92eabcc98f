import { CONTENT_ADMIN } from '@core/policy';
import {
  aggregateVideoArgsSchema,
  createVideoArgsSchema,
  createVideoInstructorArgsSchema,
  createVideoQuestionArgsSchema,
  createVideoSeriesArgsSchema,
  imageUploadArgsSchema,
  updateVideoArgsSchema,
  updateVideoInstructorArgsSchema,
  updateVideoQuestionArgsSchema,
  updateVideoSeriesArgsSchema,
  videoLibraryArgsSchema,
  videosArgsSchema,
  videoUploadUrlArgsSchema,
  whereArgsSchema,
} from '@core/videos';
import type { ResolverEvent } from '../lib/appsync';
import { field, type FieldCall, type FieldDeclarations } from '../lib/fields';
import type { Actor } from '../lib/audit-actor';
import {
  createVideoInstructor,
  createVideoSeries,
  deleteVideoInstructor,
  deleteVideoSeries,
  updateVideoInstructor,
  updateVideoSeries,
  uploadVideoSeriesCoverImage,
  videoInstructorsAndSeries,
} from './catalog';
import { productionDeps as deps } from './deps';
import type { Selection } from './present';
import { createVideoQuestion, deleteVideoQuestion, updateVideoQuestion } from './questions';
import {
  aggregateVideo,
  createVideo,
  deleteVideo,
  getVideoUploadUrl,
  setVideoEnabled,
  updateVideo,
  uploadVideoThumbnail,
  video,
  videoLibrary,
  videos,
} from './videos';

const selectionOf = (event: ResolverEvent): Selection => event.info.selectionSetList ?? [];
/** The admin who writes, and the field he called, which the audit log names as the action. */
const actorOf = ({ caller, fieldName }: FieldCall<unknown>): Actor => ({ caller, action: fieldName });

/** Video content: the admins' vault, questions, instructors and series, and the gamers' library (docs/videos.md). */
export const videoFields = {
  'Query.videos': field({
    policy: CONTENT_ADMIN,
    args: videosArgsSchema,
    resolve: async ({ args, event }) => videos(args, selectionOf(event), deps),
  }),
  'Query.aggregateVideo': field({ policy: CONTENT_ADMIN, args: aggregateVideoArgsSchema, resolve: async ({ args }) => aggregateVideo(args, deps) }),
  'Query.video': field({
    policy: CONTENT_ADMIN,
    args: whereArgsSchema,
    resolve: async ({ args, event }) => video(args.where.id, selectionOf(event), deps),
  }),
  'Query.getVideoUploadUrl': field({
    policy: CONTENT_ADMIN,
    args: videoUploadUrlArgsSchema,
    resolve: async ({ args }) => getVideoUploadUrl(args, deps),
  }),
  'Query.videoInstructorsAndSeries': field({ policy: CONTENT_ADMIN, resolve: async () => videoInstructorsAndSeries(deps) }),
  // Video content (docs/videos.md): the admins' vault; the library is every signed-in user's to watch.
  'Query.videoLibrary': field({
    policy: { public: false, users: 'all', subject: { kind: 'none' } },
    args: videoLibraryArgsSchema,
    resolve: async ({ args, event }) => videoLibrary(args, selectionOf(event), deps),
  }),
  'Mutation.createVideo': field({
    policy: CONTENT_ADMIN,
    args: createVideoArgsSchema,
    resolve: async (call) => createVideo(actorOf(call), call.args, selectionOf(call.event), deps),
  }),
  'Mutation.updateVideo': field({
    policy: CONTENT_ADMIN,
    args: updateVideoArgsSchema,
    resolve: async (call) => updateVideo(actorOf(call), call.args, selectionOf(call.event), deps),
  }),
  'Mutation.deleteVideo': field({
    policy: CONTENT_ADMIN,
    args: whereArgsSchema,
    resolve: async (call) => deleteVideo(actorOf(call), call.args.where.id, selectionOf(call.event), deps),
  }),
  'Mutation.enableVideo': field({
    policy: CONTENT_ADMIN,
    args: whereArgsSchema,
    resolve: async (call) => setVideoEnabled(actorOf(call), call.args.where.id, true, selectionOf(call.event), deps),
  }),
  'Mutation.disableVideo': field({
    policy: CONTENT_ADMIN,
    args: whereArgsSchema,
    resolve: async (call) => setVideoEnabled(actorOf(call), call.args.where.id, false, selectionOf(call.event), deps),
  }),
  'Mutation.uploadVideoThumbnail': field({
    policy: CONTENT_ADMIN,
    args: imageUploadArgsSchema,
    resolve: async ({ args }) => uploadVideoThumbnail(args, deps),
  }),
  'Mutation.createVideoQuestion': field({
    policy: CONTENT_ADMIN,
    args: createVideoQuestionArgsSchema,
    resolve: async (call) => createVideoQuestion(actorOf(call), call.args, deps),
  }),
  'Mutation.updateVideoQuestion': field({
    policy: CONTENT_ADMIN,
    args: updateVideoQuestionArgsSchema,
    resolve: async (call) => updateVideoQuestion(actorOf(call), call.args, deps),
  }),
  'Mutation.deleteVideoQuestion': field({
    policy: CONTENT_ADMIN,
    args: whereArgsSchema,
    resolve: async (call) => deleteVideoQuestion(actorOf(call), call.args.where.id, deps),
  }),
  'Mutation.createVideoInstructor': field({
    policy: CONTENT_ADMIN,
    args: createVideoInstructorArgsSchema,
    resolve: async (call) => createVideoInstructor(actorOf(call), call.args, deps),
  }),
  'Mutation.updateVideoInstructor': field({
    policy: CONTENT_ADMIN,
    args: updateVideoInstructorArgsSchema,
    resolve: async (call) => updateVideoInstructor(actorOf(call), call.args, deps),
  }),
  'Mutation.deleteVideoInstructor': field({
    policy: CONTENT_ADMIN,
    args: whereArgsSchema,
    resolve: async (call) => deleteVideoInstructor(actorOf(call), call.args.where.id, deps),
  }),
  'Mutation.createVideoSeries': field({
    policy: CONTENT_ADMIN,
    args: createVideoSeriesArgsSchema,
    resolve: async (call) => createVideoSeries(actorOf(call), call.args, deps),
  }),
  'Mutation.updateVideoSeries': field({
    policy: CONTENT_ADMIN,
    args: updateVideoSeriesArgsSchema,
    resolve: async (call) => updateVideoSeries(actorOf(call), call.args, deps),
  }),
  'Mutation.deleteVideoSeries': field({
    policy: CONTENT_ADMIN,
    args: whereArgsSchema,
    resolve: async (call) => deleteVideoSeries(actorOf(call), call.args.where.id, deps),
  }),
  'Mutation.uploadVideoSeriesCoverImage': field({
    policy: CONTENT_ADMIN,
    args: imageUploadArgsSchema,
    resolve: async ({ args }) => uploadVideoSeriesCoverImage(args, deps),
  }),
} satisfies FieldDeclarations;
