/** The team type web/src/app/routes/home/my-team.tsx names; the members' operations and hooks are in ./members.ts. */
export type { MyTeam } from './members';
