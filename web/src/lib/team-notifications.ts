import { createContext, useContext } from 'react';

/**
 * How many unread notifications a team has for the signed-in user (docs/product.md, "Navigation sidebar": the Journal
 * marker, the red dot on a Director Portal card). The journal feature provides the real count; until a provider is
 * mounted every team has none.
 */
type TeamNotificationCount = (teamId: string) => number;

const TeamNotificationsContext = createContext<TeamNotificationCount>(() => 0);

export const TeamNotificationsProvider = TeamNotificationsContext.Provider;

export const useTeamNotificationCount = (): TeamNotificationCount => useContext(TeamNotificationsContext);
