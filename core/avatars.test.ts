import { avatarKeyPrefix, confirmAvatarUploadArgsSchema, sniffImageType } from './avatars';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));

describe('sniffImageType', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(sniffImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))).toBe('image/png');
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBP'))).toBe('image/webp');
  });

  it('refuses text, SVG, a RIFF that is not WebP and a file too short to tell', () => {
    expect(sniffImageType(bytes('just some text'))).toBeNull();
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).toBeNull();
    expect(sniffImageType(bytes([0x89], 'PN'))).toBeNull();
  });
});

describe('confirmAvatarUpload arguments', () => {
  const key = `${avatarKeyPrefix('user-1', 'team-1')}0b7e9e7c-4a55-4b83-8f4e-0a2f6f3c1d2e.png`;

  it('takes a key of the shape getImageUploadUrl makes and needs the team of a team avatar', () => {
    expect(confirmAvatarUploadArgsSchema.safeParse({ key, fileUrl: 'http://127.0.0.1/a', isTeamAvatar: true, teamId: 'team-1' }).success).toBe(true);
    expect(confirmAvatarUploadArgsSchema.safeParse({ key, fileUrl: 'http://127.0.0.1/a', isTeamAvatar: true }).success).toBe(false);
    expect(confirmAvatarUploadArgsSchema.safeParse({ key: 'avatars/users/../../etc/passwd', fileUrl: 'http://127.0.0.1/a' }).success).toBe(false);
  });
});
