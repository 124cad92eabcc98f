import { dynamoJournalStore, type JournalStore } from '../lib/stores/journal-store';
import { dynamoScoreStore, type ScoreStore } from '../lib/stores/score-store';
import { dynamoTeamStore, type TeamStore } from '../lib/stores/team-store';
import { dynamoUserStore, type UserStore } from '../lib/stores/user-store';

/** What the journal rules reach: storage and the clock. */
export interface JournalDeps {
  users: Pick<UserStore, 'get' | 'getMany' | 'setNotificationSettings'>;
  teams: Pick<TeamStore, 'get' | 'getMembership' | 'membersOf' | 'membershipsOfUser'>;
  journal: JournalStore;
  scores: Pick<ScoreStore, 'memberDays'>;
  now: () => Date;
}

export const productionDeps: JournalDeps = {
  users: dynamoUserStore,
  teams: dynamoTeamStore,
  journal: dynamoJournalStore,
  scores: dynamoScoreStore,
  now: () => new Date(),
};
