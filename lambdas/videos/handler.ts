import { callerResolvers, requireCaller, type ResolverEvent } from '../lib/appsync';
import { createAuthorizedHandler } from '../lib/authorization';
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
type VideoWrite = (caller: ReturnType<typeof requireCaller>, args: unknown, selection: Selection, d: typeof deps) => Promise<unknown>;
const write = callerResolvers(deps);
const writeVideo = (resolve: VideoWrite) => async (event: ResolverEvent) => resolve(requireCaller(event), event.arguments, selectionOf(event), deps);

/** Video content: the admins' vault, questions, instructors and series, and the gamers' library (docs/videos.md). */
export const handler = createAuthorizedHandler({
  'Query.videos': async (event) => videos(event.arguments, selectionOf(event), deps),
  'Query.aggregateVideo': async (event) => aggregateVideo(event.arguments, deps),
  'Query.video': async (event) => video(event.arguments, selectionOf(event), deps),
  'Query.getVideoUploadUrl': async (event) => getVideoUploadUrl(event.arguments, deps),
  'Query.videoInstructorsAndSeries': async () => videoInstructorsAndSeries(deps),
  'Query.videoLibrary': async (event) => videoLibrary(event.arguments, selectionOf(event), deps),
  'Mutation.createVideo': writeVideo(createVideo),
  'Mutation.updateVideo': writeVideo(updateVideo),
  'Mutation.deleteVideo': writeVideo(deleteVideo),
  'Mutation.enableVideo': writeVideo(setVideoEnabled(true)),
  'Mutation.disableVideo': writeVideo(setVideoEnabled(false)),
  'Mutation.uploadVideoThumbnail': async (event) => uploadVideoThumbnail(event.arguments, deps),
  'Mutation.createVideoQuestion': write(createVideoQuestion),
  'Mutation.updateVideoQuestion': write(updateVideoQuestion),
  'Mutation.deleteVideoQuestion': write(deleteVideoQuestion),
  'Mutation.createVideoInstructor': write(createVideoInstructor),
  'Mutation.updateVideoInstructor': write(updateVideoInstructor),
  'Mutation.deleteVideoInstructor': write(deleteVideoInstructor),
  'Mutation.createVideoSeries': write(createVideoSeries),
  'Mutation.updateVideoSeries': write(updateVideoSeries),
  'Mutation.deleteVideoSeries': write(deleteVideoSeries),
  'Mutation.uploadVideoSeriesCoverImage': async (event) => uploadVideoSeriesCoverImage(event.arguments, deps),
});
