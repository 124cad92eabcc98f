import { deleteUserData, teamsBlockingDeletion } from '../lib/account-deletion';
import { dynamoSignOutStore, type SignOutStore } from '../lib/stores/sign-out-store';
import { dynamoUserAdminStore, type UserAdminStore } from '../lib/stores/user-admin-store';
import { dynamoUserStore, type UserStore } from '../lib/stores/user-store';
import { cognitoUserPoolAdmin, type UserPoolAdmin } from '../lib/user-pool';

/** Everything the user administration reaches: profiles, the search index, the user pool, sign-outs and the clock. */
export interface UsersDeps {
  users: Pick<UserStore, 'get' | 'findByEmail'>;
  admin: UserAdminStore;
  pool: UserPoolAdmin;
  signOuts: Pick<SignOutStore, 'signOut'>;
  /** Deletes an account and everything stored about it (resumable: calling again finishes it). */
  deleteUserData: (userId: string, now: Date) => Promise<unknown>;
  /** The teams the user directs whose subscription still runs: his account may not be deleted while there is one. */
  teamsBlockingDeletion: (userId: string, now: Date) => Promise<{ name: string }[]>;
  now: () => Date;
}

export const productionDeps: UsersDeps = {
  users: dynamoUserStore,
  admin: dynamoUserAdminStore,
  pool: cognitoUserPoolAdmin,
  signOuts: dynamoSignOutStore,
  deleteUserData,
  teamsBlockingDeletion,
  now: () => new Date(),
};
