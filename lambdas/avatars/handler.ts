import { callerResolvers } from '../lib/appsync';
import { createAuthorizedHandler } from '../lib/authorization';
import { confirmAvatarUpload, getImageUploadUrl } from './avatars';
import { productionDeps as deps } from './deps';

const withCaller = callerResolvers(deps);

/** Avatar uploads: a presigned POST to the uploads bucket, then the check of what arrived (docs/teams.md, "Avatar upload"). */
export const handler = createAuthorizedHandler({
  'Mutation.getImageUploadUrl': withCaller(getImageUploadUrl),
  'Mutation.confirmAvatarUpload': withCaller(confirmAvatarUpload),
});
