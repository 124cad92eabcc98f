/**
 * `npm run admin:create -- <email> [--name "Full Name"] [--role SUPERADMIN|ADMIN] [--user-pool-id … --table-name …]
 * [-c stackName=… -c region=…]`: the deployment's first administrator. Creates the account as sign-up does (the
 * Cognito user with a password, in the role's group, and the profile with its e-mail claim, lambdas/auth/sign-up.ts
 * createAccount) and prints a one-time password to sign in with; an existing account is promoted instead (groups moved,
 * profile role written, its sessions ended as an admin's role change does). Idempotent: an account already in the role
 * is left as it is.
 *
 * The user pool and table: --user-pool-id and --table-name, else USER_POOL_ID and TABLE_NAME of the environment (what
 * the local stack gives its Lambdas, with its AWS_ENDPOINT_URL_* endpoints), else the deployed stack's outputs
 * UserPoolId and TableName (read with the AWS CLI v2).
 */
import { randomBytes } from 'node:crypto';
import { isAdmin, isRole, type Role } from '@core/roles';
import { productionDeps } from '../lambdas/auth/deps';
import { createAccount } from '../lambdas/auth/sign-up';
import { dynamoSignOutStore } from '../lambdas/lib/stores/sign-out-store';
import { dynamoUserAdminStore } from '../lambdas/lib/stores/user-admin-store';
import { cognitoUserPoolAdmin } from '../lambdas/lib/user-pool';
import { repoRoot } from '../infra/lib/functions';
import { deployedStackOutputs, deployRegion, readCdkContext } from './deploy-check/context';

interface AdministratorResult {
  userId: string;
  outcome: 'created' | 'promoted' | 'already';
  /** The one-time password of a created account (to be replaced with "Forgot password"). */
  password?: string;
}

/** A password the pool's policy accepts (upper, lower, digit, symbol, 20+ characters), shown once. */
const oneTimePassword = () => `${randomBytes(15).toString('base64url')}Aa1!`;

/** Creates or promotes the administrator `email` in the pool and table of the environment (USER_POOL_ID, TABLE_NAME). */
export async function createAdministrator(email: string, fullName: string, role: Role): Promise<AdministratorResult> {
  if (!isAdmin([role])) throw new Error(`${role} is not an administrator role (SUPERADMIN or ADMIN).`);
  const existing = await productionDeps.users.findByEmail(email);
  if (!existing) {
    const password = oneTimePassword();
    const user = await createAccount({ email, fullName, role, emailVerified: false }, password, productionDeps);
    return { userId: user.id, outcome: 'created', password };
  }
  const groups = await cognitoUserPoolAdmin.groupsOf(existing.id);
  if (existing.role === role && groups.includes(role)) return { userId: existing.id, outcome: 'already' };
  const from = isRole(existing.role) ? existing.role : null;
  await cognitoUserPoolAdmin.moveRole(existing.id, from, role);
  const now = productionDeps.now();
  if (existing.role !== role) await dynamoUserAdminStore.update(existing, { role }, null, now.toISOString());
  // Tokens issued before carry the old groups: the account signs in again, as after an admin's role change.
  await dynamoSignOutStore.signOut(existing.id, now);
  return { userId: existing.id, outcome: 'promoted' };
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const email = args.find((arg, i) => arg.includes('@') && !args[i - 1]?.startsWith('-'));
  if (!email)
    throw new Error('Usage: npm run admin:create -- <email> [--name "Full Name"] [--role SUPERADMIN|ADMIN] [--user-pool-id … --table-name …]');
  const role = option(args, '--role') ?? 'SUPERADMIN';
  if (!isRole(role)) throw new Error(`Unknown role ${role}.`);
  let webUrl: string | undefined;
  const userPoolId = option(args, '--user-pool-id') ?? process.env.USER_POOL_ID;
  const tableName = option(args, '--table-name') ?? process.env.TABLE_NAME;
  if (userPoolId && tableName) {
    Object.assign(process.env, { USER_POOL_ID: userPoolId, TABLE_NAME: tableName });
  } else {
    const context = readCdkContext(repoRoot, args);
    const region = await deployRegion(context);
    const stackName = typeof context.stackName === 'string' ? context.stackName : 'FitGauge';
    const outputs = deployedStackOutputs(stackName, region);
    if (!outputs?.UserPoolId || !outputs.TableName) {
      throw new Error(
        `The stack ${stackName} in ${region} is not deployed (no UserPoolId and TableName outputs): deploy first, or pass --user-pool-id and --table-name.`,
      );
    }
    Object.assign(process.env, { USER_POOL_ID: outputs.UserPoolId, TABLE_NAME: outputs.TableName, AWS_REGION: region });
    webUrl = outputs.WebUrl;
  }
  const fullName = option(args, '--name') ?? email.split('@')[0]!;
  const result = await createAdministrator(email, fullName, role);
  const where = webUrl ? ` at ${webUrl}/auth/login` : '';
  if (result.outcome === 'created') {
    console.log(`Created the ${role} ${email} (${result.userId}). Sign in${where} with this one-time password:\n\n  ${result.password}\n`);
    console.log('Then set a password of your own with "Forgot password" on the sign-in page (it also proves the mailbox).');
  } else if (result.outcome === 'promoted') {
    console.log(`${email} (${result.userId}) is now ${role}; sign in again${where} to use it.`);
  } else {
    console.log(`${email} (${result.userId}) is already ${role}: nothing changed.`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
