import fc from 'fast-check';
import { shiftDay } from '@core/dates';
import { answersArbitrary } from '@core/test-support/arbitraries';
import { submitAnswers } from './check-in';
import { historyOf } from './history';
import { caller, memoryScoreStore, memoryTeamStore, memoryUserStore, membership, team, user } from './test-support/memory-stores';

const everything = { startDate: '2026-01-01', endDate: '2026-12-31' };

describe('historyOf', () => {
  it('writes exactly what the same check-ins sent one by one write', async () => {
    const checkInsArbitrary = fc.array(
      fc.record({ gap: fc.integer({ min: 1, max: 3 }), answers: answersArbitrary, watchedVideos: fc.boolean() }),
      { minLength: 1, maxLength: 8 },
    );
    await fc.assert(
      fc.asyncProperty(fc.tuple(checkInsArbitrary, checkInsArbitrary), async (perGamer) => {
        const users = memoryUserStore([user('g1'), user('g2')]);
        const teams = memoryTeamStore([team('t1', 'director')], [membership('t1', 'g1'), membership('t1', 'g2')]);
        const sent = memoryScoreStore();
        const gamers = perGamer.map((checkIns, index) => {
          let date = '2026-03-01';
          return {
            userId: `g${index + 1}`,
            timeZone: 'UTC',
            teamIds: ['t1'],
            checkIns: checkIns
              .filter((checkIn) => checkIn.answers.length > 0)
              .map(({ gap, answers, watchedVideos }) => {
                date = shiftDay(date, gap);
                return { date, answers, watchedVideos, at: new Date(`${date}T12:00:00Z`) };
              }),
          };
        });
        for (const gamer of gamers) {
          for (const checkIn of gamer.checkIns) {
            await submitAnswers(caller(gamer.userId), { answers: checkIn.answers, watchedVideos: checkIn.watchedVideos }, { users, teams, scores: sent }, checkIn.at);
          }
        }
        const imported = memoryScoreStore();
        await imported.importHistory(historyOf(gamers));
        for (const userId of ['g1', 'g2']) {
          expect(await imported.memberDays(userId, everything)).toEqual(await sent.memberDays(userId, everything));
          expect(await imported.answers(userId, everything)).toEqual(await sent.answers(userId, everything));
        }
        expect(await imported.teamDays('t1', everything)).toEqual(await sent.teamDays('t1', everything));
      }),
      { numRuns: 25 },
    );
  });
});
