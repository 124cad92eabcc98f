import { createContext, useContext } from 'react';

/** The team a user enters (a portal card, a sidebar icon). */
export interface TeamChoice {
  id: string;
  name: string;
}

/**
 * Choosing the team the signed-in pages show (docs/product.md, "Team selection"). The chosen team itself is
 * `useViewer().selectedTeamId`; the team feature provides these actions inside the signed-in frame.
 */
export interface TeamSelection {
  /** Enters a team: a director's subscription check first, then set locally, then saved on the server. */
  selectTeam(team: TeamChoice): Promise<void>;
  /** Forgets the chosen team here (sign-out, a deleted team); the server's copy is left for the next sign-in. */
  clearSelectedTeam(): void;
}

const TeamSelectionContext = createContext<TeamSelection | null>(null);

export const TeamSelectionProvider = TeamSelectionContext.Provider;

export function useTeamSelection(): TeamSelection {
  const selection = useContext(TeamSelectionContext);
  if (!selection) throw new Error('useTeamSelection() is used outside the signed-in frame.');
  return selection;
}
