import { AVATAR_MAX_BYTES } from '@core/avatars';

// The API is a stand-in that answers each operation by its name; fetch (the POST to S3) is replaced per test.
const answers: Record<string, () => unknown> = {};
const sent: { operation: string; variables: unknown }[] = [];
jest.mock('@/lib/api-client', () => ({
  ...jest.requireActual('@/lib/api-client'),
  callApi: async (operation: string, variables: unknown) => {
    const name = /(?:query|mutation) (\w+)/.exec(operation)![1]!;
    sent.push({ operation: name, variables });
    return answers[name]!();
  },
}));

const { uploadAvatar } = require('./avatar-upload') as typeof import('./avatar-upload');

const FORM = {
  uploadUrl: 'http://s3.example/uploads',
  fields: [
    { name: 'key', value: 'avatars/users/u/1.png' },
    { name: 'Policy', value: 'p' },
  ],
  key: 'avatars/users/u/1.png',
  fileUrl: 'http://s3.example/uploads/avatars/users/u/1.png',
};
const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
const posted: FormData[] = [];

beforeEach(() => {
  sent.length = 0;
  posted.length = 0;
  answers.GetImageUploadUrl = () => ({ getImageUploadUrl: FORM });
  answers.ConfirmAvatarUpload = () => ({ confirmAvatarUpload: { success: true, fileUrl: FORM.fileUrl, message: 'Avatar updated.' } });
  global.fetch = jest.fn(async (_url: unknown, init?: RequestInit) => {
    posted.push(init!.body as FormData);
    return new Response(null, { status: 204 });
  }) as typeof fetch;
});

describe('uploadAvatar', () => {
  it("asks for a form, posts the form's fields before the file, and confirms the key for the team", async () => {
    await expect(uploadAvatar(file, 'team-1')).resolves.toBe(FORM.fileUrl);
    expect(sent).toEqual([
      {
        operation: 'GetImageUploadUrl',
        variables: { uploadType: 'AVATAR', filename: 'me.png', mimetype: 'image/png', maxSizeBytes: AVATAR_MAX_BYTES, teamId: 'team-1' },
      },
      { operation: 'ConfirmAvatarUpload', variables: { key: FORM.key, fileUrl: FORM.fileUrl, isTeamAvatar: true, teamId: 'team-1' } },
    ]);
    expect([...posted[0]!.keys()]).toEqual(['key', 'Policy', 'file']);
  });

  it('says which step failed, in the spec’s words', async () => {
    answers.GetImageUploadUrl = () => {
      throw new Error('Unauthorized');
    };
    await expect(uploadAvatar(file, null)).rejects.toThrow(/^Failed to get upload URL$/);

    answers.GetImageUploadUrl = () => ({ getImageUploadUrl: FORM });
    global.fetch = jest.fn(async () => new Response('AccessDenied', { status: 403 })) as typeof fetch;
    await expect(uploadAvatar(file, null)).rejects.toThrow(/^Failed to upload to S3$/);

    global.fetch = jest.fn(async () => new Response(null, { status: 204 })) as typeof fetch;
    answers.ConfirmAvatarUpload = () => {
      throw new Error('The uploaded file is not an image');
    };
    await expect(uploadAvatar(file, null)).rejects.toThrow(/^Failed to confirm avatar upload$/);
  });
});
