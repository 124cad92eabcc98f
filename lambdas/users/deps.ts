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
  now: () => Date;
}

export const productionDeps: UsersDeps = {
  users: dynamoUserStore,
  admin: dynamoUserAdminStore,
  pool: cognitoUserPoolAdmin,
  signOuts: dynamoSignOutStore,
  now: () => new Date(),
};
