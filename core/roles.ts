/** Roles are Cognito groups; the order of ROLES is the order of privilege used in labels and pickers. */
export const ROLES = ['SUPERADMIN', 'ADMIN', 'DIRECTOR', 'COACH', 'GAMER', 'SELF'] as const;
export type Role = (typeof ROLES)[number];

const ROLE_LABELS: Record<Role, string> = {
  SUPERADMIN: 'Admin',
  ADMIN: 'Admin',
  DIRECTOR: 'Director',
  COACH: 'Coach',
  GAMER: 'Gamer',
  SELF: 'Self',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function roleLabel(role: string | null | undefined): string {
  return isRole(role) ? ROLE_LABELS[role] : 'No-Role';
}

/** The user's role is the most privileged role group they belong to. */
export function primaryRole(groups: readonly string[]): Role | null {
  return ROLES.find((role) => groups.includes(role)) ?? null;
}

export const isAdmin = (groups: readonly string[]) => groups.includes('ADMIN') || groups.includes('SUPERADMIN');
export const isDirector = (groups: readonly string[]) => groups.includes('DIRECTOR');
export const isCoach = (groups: readonly string[]) => groups.includes('COACH');
export const isCoachOrDirector = (groups: readonly string[]) => isDirector(groups) || isCoach(groups);
