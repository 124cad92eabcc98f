/**
 * Avatar uploads on the running local stack (docs/teams.md, "Avatar upload"): getImageUploadUrl's presigned POST, a
 * real multipart POST to the S3 stand-in, then confirmAvatarUpload. s3rver enforces no POST policy, so every refusal
 * here is the server's own check of the stored object: a text file passed off as a PNG, a file over 10 MB, someone
 * else's key, and a coach setting a team avatar. Accounts and teams are fresh.
 */
import { randomUUID } from 'node:crypto';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '@core/avatars';
import { dynamoTeamStore } from '../../lambdas/lib/stores/team-store';
import { s3UploadsBucket } from '../../lambdas/lib/uploads';
import { accountWithRole, type RoleAccount } from '../support/accounts';
import { graphql, useStackEnvironment } from '../support/stack';
import { postUpload, putAvatarObject, TINY_PNG, type PresignedUpload } from '../support/uploads';

jest.setTimeout(120_000);

const UPLOAD_URL = `mutation($uploadType: UploadType!, $filename: String!, $mimetype: String!, $maxSizeBytes: Int!, $teamId: ID) {
  getImageUploadUrl(uploadType: $uploadType, filename: $filename, mimetype: $mimetype, maxSizeBytes: $maxSizeBytes, teamId: $teamId) {
    uploadUrl fields { name value } key fileUrl } }`;
const CONFIRM = `mutation($key: String!, $fileUrl: String!, $isTeamAvatar: Boolean, $teamId: ID) {
  confirmAvatarUpload(key: $key, fileUrl: $fileUrl, isTeamAvatar: $isTeamAvatar, teamId: $teamId) { success fileUrl message } }`;
const ME = 'query { me { id avatar } }';
const TEAM = 'query($teamId: ID!) { team(teamId: $teamId) { id avatar } }';

interface Upload extends PresignedUpload {
  key: string;
  fileUrl: string;
}

let director: RoleAccount;
let coach: RoleAccount;
let gamer: RoleAccount;
let teamId: string;

beforeAll(async () => {
  useStackEnvironment();
  [director, coach, gamer] = await Promise.all([
    accountWithRole('DIRECTOR', 'avatar.director'),
    accountWithRole('COACH', 'avatar.coach'),
    accountWithRole('GAMER', 'avatar.gamer'),
  ]);
  const at = new Date().toISOString();
  teamId = randomUUID();
  await dynamoTeamStore.create({
    id: teamId,
    name: 'Avatar Squad',
    description: 'Avatar uploads',
    game: '',
    avatar: '',
    ownerId: director.id,
    createdAt: at,
    updatedAt: at,
  });
  await dynamoTeamStore.addMember({ teamId, userId: coach.id, role: 'COACH', joinedAt: at });
});

async function uploadUrl(who: RoleAccount, variables: Record<string, unknown> = {}): Promise<Upload> {
  const { data, errors } = await graphql<{ getImageUploadUrl: Upload }>(
    UPLOAD_URL,
    { uploadType: 'AVATAR', filename: 'me.png', mimetype: 'image/png', maxSizeBytes: AVATAR_MAX_BYTES, ...variables },
    { token: who.token },
  );
  expect(errors).toBeUndefined();
  return data!.getImageUploadUrl;
}

const confirm = (who: RoleAccount, variables: Record<string, unknown>) =>
  graphql<{ confirmAvatarUpload: { success: boolean; fileUrl: string; message: string } }>(CONFIRM, variables, { token: who.token });

const policyOf = (upload: Upload) => {
  const policy = upload.fields.find((field) => field.name === 'Policy')!.value;
  return JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as { conditions: unknown[] };
};

describe('avatar upload', () => {
  it('posts a PNG to the presigned form, confirms it, and the profile shows the new avatar', async () => {
    const upload = await uploadUrl(gamer);
    expect(upload.key.startsWith(`avatars/users/${gamer.id}/`)).toBe(true);
    expect(policyOf(upload).conditions).toEqual(
      expect.arrayContaining([['eq', '$Content-Type', 'image/png'], ['content-length-range', 1, AVATAR_MAX_BYTES], { key: upload.key }]),
    );
    // Only the type asked for: a form open to any image/ type would take image/svg+xml (script served from the site).
    expect(JSON.stringify(policyOf(upload).conditions)).not.toContain('starts-with');
    const posted = await postUpload(upload, TINY_PNG, 'me.png', 'image/png');
    expect(posted.status).toBeLessThan(300);

    const { data, errors } = await confirm(gamer, { key: upload.key, fileUrl: upload.fileUrl, isTeamAvatar: false });
    expect(errors).toBeUndefined();
    expect(data!.confirmAvatarUpload).toEqual({ success: true, fileUrl: upload.fileUrl, message: AVATAR_MESSAGES.confirmed });
    const me = await graphql<{ me: { avatar: string } }>(ME, {}, { token: gamer.token });
    expect(me.data!.me.avatar).toBe(upload.fileUrl);
    // The address the app shows serves the uploaded bytes.
    expect(Buffer.from(await (await fetch(upload.fileUrl)).arrayBuffer())).toEqual(TINY_PNG);
  });

  it('refuses a text file posted as image/png outside the browser, deletes it, and keeps the old avatar', async () => {
    const before = (await graphql<{ me: { avatar: string | null } }>(ME, {}, { token: director.token })).data!.me.avatar;
    const upload = await uploadUrl(director);
    const posted = await postUpload(upload, Buffer.from('just some text, not an image\n'), 'notes.png', 'image/png');
    expect(posted.status).toBeLessThan(300);
    expect(await s3UploadsBucket.head(upload.key)).not.toBeNull();

    const { data, errors } = await confirm(director, { key: upload.key, fileUrl: upload.fileUrl });
    expect(data).toBeNull();
    expect(errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: AVATAR_MESSAGES.notAnImage });
    expect(await s3UploadsBucket.head(upload.key)).toBeNull();
    expect((await graphql<{ me: { avatar: string | null } }>(ME, {}, { token: director.token })).data!.me.avatar).toBe(before);
  });

  it('refuses a file over 10 MB: the form does (403, as S3 holds it to its size range), and so does confirming one stored some other way', async () => {
    const upload = await uploadUrl(director);
    const huge = Buffer.alloc(AVATAR_MAX_BYTES + 1);
    TINY_PNG.copy(huge);
    const posted = await postUpload(upload, huge, 'huge.png', 'image/png');
    expect(posted.status).toBe(403);
    expect(await s3UploadsBucket.head(upload.key)).toBeNull();

    const stored = await putAvatarObject(director.id, undefined, huge);
    const { errors } = await confirm(director, { key: stored.key, fileUrl: stored.fileUrl });
    expect(errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: AVATAR_MESSAGES.tooLarge });
    expect(await s3UploadsBucket.head(stored.key)).toBeNull();
  });

  it("refuses another user's key and leaves that user's upload alone", async () => {
    const theirs = await putAvatarObject(gamer.id, undefined, TINY_PNG);
    const { errors } = await confirm(director, { ...theirs, isTeamAvatar: false });
    expect(errors?.[0]).toMatchObject({ errorType: 'Unauthorized', message: AVATAR_MESSAGES.notYourUpload });
    expect(await s3UploadsBucket.head(theirs.key)).not.toBeNull();
  });

  it("sets the team's avatar for its director, and refuses the team's coach at both steps", async () => {
    const refusedUrl = await graphql(
      UPLOAD_URL,
      { uploadType: 'AVATAR', filename: 't.png', mimetype: 'image/png', maxSizeBytes: 1000, teamId },
      { token: coach.token },
    );
    expect(refusedUrl.errors?.[0]?.errorType).toBe('Unauthorized');
    const coachObject = await putAvatarObject(coach.id, teamId, TINY_PNG);
    const refusedConfirm = await confirm(coach, { ...coachObject, isTeamAvatar: true, teamId });
    expect(refusedConfirm.errors?.[0]?.errorType).toBe('Unauthorized');
    expect((await graphql<{ team: { avatar: string } }>(TEAM, { teamId }, { token: director.token })).data!.team.avatar).toBe('');

    const upload = await uploadUrl(director, { teamId });
    expect(upload.key.startsWith(`avatars/teams/${teamId}/${director.id}/`)).toBe(true);
    expect((await postUpload(upload, TINY_PNG, 'team.png', 'image/png')).status).toBeLessThan(300);
    const { errors } = await confirm(director, { key: upload.key, fileUrl: upload.fileUrl, isTeamAvatar: true, teamId });
    expect(errors).toBeUndefined();
    expect((await graphql<{ team: { avatar: string } }>(TEAM, { teamId }, { token: coach.token })).data!.team.avatar).toBe(upload.fileUrl);
  });

  it('stores and serves a confirmed avatar with the type its bytes prove, whatever type the sender declared', async () => {
    const declaredAsHtml = await putAvatarObject(gamer.id, undefined, TINY_PNG, 'text/html');
    const { errors } = await confirm(gamer, { ...declaredAsHtml, isTeamAvatar: false });
    expect(errors).toBeUndefined();
    expect(await s3UploadsBucket.head(declaredAsHtml.key)).toEqual({ size: TINY_PNG.length, contentType: 'image/png' });
    const served = await fetch(declaredAsHtml.fileUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(TINY_PNG);
  });

  it('refuses an SVG image (script runs when one is opened) posted to the form and deletes it', async () => {
    const upload = await uploadUrl(director);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>');
    // Declared as what it is, the form's policy refuses it; declared as the PNG the form asks for, it gets through.
    expect((await postUpload(upload, svg, 'me.svg', 'image/svg+xml')).status).toBe(403);
    expect((await postUpload(upload, svg, 'me.png', 'image/png')).status).toBeLessThan(300);
    const { data, errors } = await confirm(director, { key: upload.key, fileUrl: upload.fileUrl });
    expect(data).toBeNull();
    expect(errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: AVATAR_MESSAGES.notAnImage });
    expect(await s3UploadsBucket.head(upload.key)).toBeNull();
  });

  it('refuses a type other than PNG, JPEG, GIF or WebP before giving a form', async () => {
    const { errors } = await graphql(
      UPLOAD_URL,
      { uploadType: 'AVATAR', filename: 'x.svg', mimetype: 'image/svg+xml', maxSizeBytes: 1000 },
      { token: gamer.token },
    );
    expect(errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: AVATAR_MESSAGES.mimetype });
  });
});
