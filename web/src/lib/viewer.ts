import { createContext, useContext } from 'react';

/** The signed-in user as the frame needs them; the accounts feature provides it (null when signed out). */
export interface Viewer {
  fullName: string;
  avatarUrl: string | null;
  /** Cognito groups (roles). */
  groups: readonly string[];
  /** The team chosen in the sidebar, restored from the server on load. */
  selectedTeamId: string | null;
  /** The selected team has unread notifications (marker on Journal). */
  hasTeamNotifications: boolean;
}

const ViewerContext = createContext<Viewer | null>(null);

export const ViewerProvider = ViewerContext.Provider;

export const useViewer = () => useContext(ViewerContext);
