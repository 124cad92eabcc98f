import type { MeQuery } from '@/gql/graphql';
import { createContext, useContext } from 'react';

/** A team as the frame and the team pages list it (from `me`). */
export type TeamSummary = NonNullable<NonNullable<MeQuery['me']>['ownedTeams']>[number];

/** The teams of the signed-in user, by how they stand to each. */
export interface ViewerTeams {
  /** Teams they direct (own). */
  owned: readonly TeamSummary[];
  /** Teams they coach. */
  coached: readonly TeamSummary[];
  /** Teams they play in as a gamer. */
  member: readonly TeamSummary[];
}

/** The signed-in user as the frame needs them; the accounts feature provides it (null when signed out). */
export interface Viewer {
  userId: string;
  fullName: string;
  avatarUrl: string | null;
  /** Cognito groups (roles). */
  groups: readonly string[];
  /** null until the profile (`me`) has loaded. */
  teams: ViewerTeams | null;
  /** Invites to the user's e-mail are listed only once it is proven; null until the profile has loaded. */
  emailVerified: boolean | null;
  /** The team chosen in the sidebar or a portal, restored from the server on load. */
  selectedTeamId: string | null;
  /** The chosen team is still being restored (the profile or the saved choice loading; `selectedTeamId` is null
   * meanwhile): a team page waits for it instead of saying that no team is chosen. */
  selectedTeamRestoring: boolean;
  /** The selected team has unread notifications (marker on Journal). */
  hasTeamNotifications: boolean;
}

const ViewerContext = createContext<Viewer | null>(null);

export const ViewerProvider = ViewerContext.Provider;

export const useViewer = () => useContext(ViewerContext);
