import { dynamoTeamStore, type TeamStore } from '../lib/stores/team-store';
import { dynamoUserStore, type UserStore } from '../lib/stores/user-store';
import { s3UploadsBucket, type UploadsBucket } from '../lib/uploads';

/** What the avatar rules reach: the uploads bucket, the profiles and teams they set avatars on, and the clock. */
export interface AvatarDeps {
  bucket: UploadsBucket;
  users: Pick<UserStore, 'setAvatar'>;
  teams: Pick<TeamStore, 'update'>;
  now: () => Date;
}

export const productionDeps: AvatarDeps = {
  bucket: s3UploadsBucket,
  users: dynamoUserStore,
  teams: dynamoTeamStore,
  now: () => new Date(),
};
