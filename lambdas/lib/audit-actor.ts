import type { Caller } from './appsync';
import type { AuditEntry } from './stores/audit-store';
import type { UserStore } from './stores/user-store';

/** Who acts, and the field they called, which the audit log names as the action (FieldCall's `fieldName`). */
export interface Actor {
  caller: Caller;
  action: string;
}

/**
 * Who an admin mutation's audit entry names: the caller and his e-mail (from the token when it carries one, else
 * from his profile; an access token has no e-mail claim).
 */
export async function auditActor(caller: Caller, users: Pick<UserStore, 'get'>): Promise<Pick<AuditEntry, 'actorId' | 'actorEmail'>> {
  const actorEmail = caller.email ?? (await users.get(caller.sub))?.email ?? '';
  return { actorId: caller.sub, actorEmail };
}
