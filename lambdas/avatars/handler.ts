import { requireCaller } from '../lib/appsync';
import { createAuthorizedHandler } from '../lib/authorization';
import { confirmAvatarUpload, getImageUploadUrl } from './avatars';
import { productionDeps as deps } from './deps';

/** Avatar uploads: a presigned POST to the uploads bucket, then the check of what arrived (spec 000 section 7). */
export const handler = createAuthorizedHandler({
  'Mutation.getImageUploadUrl': async (event) => getImageUploadUrl(requireCaller(event), event.arguments, deps),
  'Mutation.confirmAvatarUpload': async (event) => confirmAvatarUpload(requireCaller(event), event.arguments, deps),
});
