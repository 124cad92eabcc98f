/** A day's check-ins in the journal (schema.graphql `teamJournal`, `userAnswers`; docs/journal.md, "The web app"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamJournalQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import type { Viewer } from '@/lib/viewer';
import { journalKeys } from './keys';

export type JournalAnswer = JournalMember['answers'][number];

export type JournalMember = TeamJournalQuery['teamJournal'][number];

const teamJournalQuery = gqlOperation(/* GraphQL */ `
  query TeamJournal($teamId: ID!, $date: AWSDate!) {
    teamJournal(teamId: $teamId, date: $date) {
      userId
      fullName
      avatar
      checkedIn
      answers {
        questionSlug
        pillarSlug
        value
        score
      }
    }
  }
`);

const ownAnswersQuery = gqlOperation(/* GraphQL */ `
  query OwnJournalAnswers($userId: ID!, $date: AWSDate!) {
    userAnswers(userId: $userId, startDate: $date, endDate: $date) {
      questionSlug
      pillarSlug
      value
      score
    }
  }
`);

const fetchTeamJournal = async (teamId: string, date: string) => (await callApi(teamJournalQuery, { teamId, date })).teamJournal;

const fetchOwnAnswers = async (userId: string, date: string) => (await callApi(ownAnswersQuery, { userId, date })).userAnswers;

/** Staff read every member's check-in of the day; a gamer reads his own answers, shown as his one member. */
const journalMembersQueryOptions = (teamId: string, date: string, role: 'staff' | 'gamer', viewer: Viewer) =>
  queryOptions({
    queryKey: journalKeys.members(teamId, date, role === 'gamer' ? viewer.userId : undefined),
    queryFn: async (): Promise<JournalMember[]> => {
      if (role === 'staff') return fetchTeamJournal(teamId, date);
      const answers = await fetchOwnAnswers(viewer.userId, date);
      return [{ userId: viewer.userId, fullName: viewer.fullName, avatar: viewer.avatarUrl, checkedIn: answers.length > 0, answers }];
    },
  });

export const useJournalMembers = (teamId: string, date: string, role: 'staff' | 'gamer', viewer: Viewer) =>
  useQuery(journalMembersQueryOptions(teamId, date, role, viewer));
