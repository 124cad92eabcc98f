import { AVATAR_MAX_BYTES, AVATAR_UPLOAD_FAILURES, type AvatarType } from '@core/avatars';
import { callApi, gqlOperation } from '@/lib/api-client';

/** The image types an avatar may be (core/avatars.ts AVATAR_TYPES), as the drop zone takes them. */
export const AVATAR_ACCEPT = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/gif': ['.gif'], 'image/webp': ['.webp'] };

/** What the avatar drop zones say about a refused file. */
export const AVATAR_FILE_MESSAGES = {
  invalidType: 'Please choose a PNG, JPEG, GIF or WebP image.',
  tooLarge: 'The avatar must be at most 10 MB.',
  tooMany: 'Please choose one image.',
};

const imageUploadUrlMutation = gqlOperation(/* GraphQL */ `
  mutation GetImageUploadUrl($uploadType: UploadType!, $filename: String!, $mimetype: String!, $maxSizeBytes: Int!, $teamId: ID) {
    getImageUploadUrl(uploadType: $uploadType, filename: $filename, mimetype: $mimetype, maxSizeBytes: $maxSizeBytes, teamId: $teamId) {
      uploadUrl
      fields {
        name
        value
      }
      key
      fileUrl
    }
  }
`);

const confirmAvatarUploadMutation = gqlOperation(/* GraphQL */ `
  mutation ConfirmAvatarUpload($key: String!, $fileUrl: String!, $isTeamAvatar: Boolean, $teamId: ID) {
    confirmAvatarUpload(key: $key, fileUrl: $fileUrl, isTeamAvatar: $isTeamAvatar, teamId: $teamId) {
      success
      fileUrl
      message
    }
  }
`);

/** Runs one step of the upload; any failure becomes the step's own message (docs/teams.md, "Avatar upload"). */
async function step<T>(failure: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch {
    throw new Error(failure);
  }
}

/**
 * The three steps of docs/teams.md, "Avatar upload": a presigned POST from the API, the file posted to S3 with the
 * form's fields first, then the API checks what arrived and sets the avatar: the team's when teamId is given (its
 * director only), else the signed-in user's own. Returns the avatar's address; throws an Error whose message is the
 * failed step's text.
 */
export async function uploadAvatar(file: File, teamId: string | null): Promise<string> {
  const upload = await step(AVATAR_UPLOAD_FAILURES.uploadUrl, async () => {
    const variables = {
      uploadType: 'AVATAR' as const,
      filename: file.name,
      mimetype: file.type as AvatarType,
      maxSizeBytes: AVATAR_MAX_BYTES,
      teamId,
    };
    return (await callApi(imageUploadUrlMutation, variables)).getImageUploadUrl;
  });
  await step(AVATAR_UPLOAD_FAILURES.upload, async () => {
    const form = new FormData();
    for (const { name, value } of upload.fields) form.append(name, value);
    form.append('file', file);
    const response = await fetch(upload.uploadUrl, { method: 'POST', body: form });
    if (!response.ok) throw new Error(`S3 answered ${response.status}`);
  });
  return step(AVATAR_UPLOAD_FAILURES.confirm, async () => {
    const { confirmAvatarUpload } = await callApi(confirmAvatarUploadMutation, {
      key: upload.key,
      fileUrl: upload.fileUrl,
      isTeamAvatar: teamId !== null,
      teamId,
    });
    if (!confirmAvatarUpload.success || !confirmAvatarUpload.fileUrl) throw new Error(confirmAvatarUpload.message ?? 'Not confirmed');
    return confirmAvatarUpload.fileUrl;
  });
}
