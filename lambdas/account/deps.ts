import { deleteUserData, teamsBlockingDeletion } from '../lib/account-deletion';
import { config } from '../lib/config';
import { sendMail, type MailMessage } from '../lib/mail';
import { dynamoTeamStore, type TeamStore } from '../lib/stores/team-store';
import { dynamoUserStore, type UserStore } from '../lib/stores/user-store';
import { invitesToEmail, userPartitionItems } from '../lib/user-data';

/** What a user's own account rules reach: his items, the deletion, mail and the clock. */
export interface AccountDeps {
  users: Pick<UserStore, 'get'>;
  teams: Pick<TeamStore, 'membershipsOfUser'>;
  userPartitionItems: typeof userPartitionItems;
  invitesToEmail: typeof invitesToEmail;
  teamsBlockingDeletion: typeof teamsBlockingDeletion;
  deleteUserData: typeof deleteUserData;
  sendMail: (message: MailMessage) => Promise<void>;
  appUrl: () => string;
  now: () => Date;
}

export const productionDeps: AccountDeps = {
  users: dynamoUserStore,
  teams: dynamoTeamStore,
  userPartitionItems,
  invitesToEmail,
  teamsBlockingDeletion,
  deleteUserData,
  sendMail,
  appUrl: () => config.appUrl,
  now: () => new Date(),
};
