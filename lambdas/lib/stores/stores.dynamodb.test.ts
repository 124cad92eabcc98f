import { aggregateTeamDay, buildMemberDay, emptyTeamDayAggregate, type MemberDay } from '@core/scoring';
import { answersWith } from '@core/test-support/answers';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { INVALID_CURSOR } from '../db/table';
import { ClaimTakenError, dynamoAccountStore as accounts } from './account-store';
import { type InviteRecord, type TeamCodeRecord, dynamoInviteStore as invites } from './invite-store';
import { type CommentRecord, dynamoJournalStore as journal } from './journal-store';
import { dynamoRateLimitStore as rateLimits } from './rate-limit-store';
import {
  type DayAnswer,
  type DayWrite,
  DayVersionConflict,
  dynamoScoreStore as scores,
  type LatestMemberDay,
  type StoredMemberDay,
} from './score-store';
import { dynamoSignOutStore as signOuts } from './sign-out-store';
import { type DashboardPurchase, dynamoSubscriptionStore as subscriptions } from './subscription-store';
import { dynamoTeamStore as teams, type MembershipRecord, type TeamRecord } from './team-store';
import { freshIds, refusal, seedRecords, teamRecord, userRecord } from './test-support/records';
import { dynamoUserAdminStore as admin } from './user-admin-store';
import { dynamoUserStore as users, type UserRecord } from './user-store';

/**
 * The stores on DynamoDB Local (jest project `dynamodb`): what a caller of each store can observe, refusals
 * included. Ids are fresh per test, so the suite shares the table with other tests.
 */
describe('DynamoDB stores', () => {
  let id: (name: string) => string;
  const at = '2026-05-01T10:00:00.000Z';
  beforeEach(() => {
    id = freshIds();
  });

  /** A profile whose e-mail is in mixed case, as typed: the store keeps it lower-cased. */
  const user = (name: string, extra: Partial<UserRecord> = {}): UserRecord =>
    userRecord(id(name), { email: `${id(name)}@FitGauge.test`, fullName: name, createdAt: at, updatedAt: at, ...extra });
  const team = (name: string, ownerId: string, extra: Partial<TeamRecord> = {}): TeamRecord =>
    teamRecord(id(name), ownerId, { name, createdAt: at, updatedAt: at, ...extra });
  const invite = (name: string, teamId: string, email: string, extra: Partial<InviteRecord> = {}): InviteRecord => ({
    id: id(name),
    teamId,
    inviteeEmail: email,
    inviteeName: name,
    inviterUserId: 'inviter',
    role: 'COACH',
    status: 'PENDING',
    createdAt: at,
    updatedAt: at,
    ...extra,
  });
  const rejectionName = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: Error) => error.name,
    );
  const member = (teamId: string, name: string, role: MembershipRecord['role'] = 'GAMER'): MembershipRecord => ({
    teamId,
    userId: id(name),
    role,
    joinedAt: at,
  });
  const code = (name: string, teamId: string, inviteId: string, email: string): TeamCodeRecord => ({
    id: id(`${name}-id`),
    code: id(name),
    teamId,
    inviteId,
    email,
    used: false,
    accepted: false,
    userId: null,
    createdAt: at,
  });

  describe('users', () => {
    it('keeps a profile with its e-mail lower-cased, found by id and by e-mail in any case', async () => {
      const gamer = user('gamer');
      await users.create(gamer);
      const stored = { ...gamer, email: gamer.email.toLowerCase() };
      expect(await users.get(gamer.id)).toEqual(stored);
      expect(await users.findByEmail(gamer.email.toUpperCase())).toEqual(stored);
      expect(await users.get(id('nobody'))).toBeNull();
      expect(await users.findByEmail(`${id('nobody')}@fitgauge.test`)).toBeNull();
    });

    it('refuses a second profile with the same id and leaves the first', async () => {
      await users.create(user('gamer'));
      expect(await rejectionName(users.create(user('gamer', { fullName: 'Other' })))).toBe('ConditionalCheckFailedException');
      expect((await users.get(id('gamer')))?.fullName).toBe('gamer');
    });

    it('stores the selected team of an existing user only', async () => {
      await users.create(user('gamer'));
      await users.setSelectedTeam(id('gamer'), 'team-1', '2026-05-02T00:00:00.000Z');
      expect(await users.get(id('gamer'))).toMatchObject({ selectedTeamId: 'team-1', updatedAt: '2026-05-02T00:00:00.000Z' });
      expect(await rejectionName(users.setSelectedTeam(id('nobody'), 'team-1', at))).toBe('ConditionalCheckFailedException');
      expect(await users.get(id('nobody'))).toBeNull();
    });

    it('turns readiness-alert e-mails off and on for an existing user only', async () => {
      await users.create(user('director'));
      expect(await users.setNotificationSettings(id('director'), { readinessAlertEmails: false }, at)).toMatchObject({
        id: id('director'),
        readinessAlertEmails: false,
      });
      expect((await users.get(id('director')))?.readinessAlertEmails).toBe(false);
      await users.setNotificationSettings(id('director'), { readinessAlertEmails: true }, at);
      expect((await users.get(id('director')))?.readinessAlertEmails).toBe(true);
      expect(await rejectionName(users.setNotificationSettings(id('nobody'), { readinessAlertEmails: false }, at))).toBe(
        'ConditionalCheckFailedException',
      );
      expect(await users.get(id('nobody'))).toBeNull();
    });

    it('sets the avatar of an existing user only', async () => {
      await users.create(user('gamer'));
      await users.setAvatar(id('gamer'), 'https://uploads.example/avatar.png', '2026-05-02T00:00:00.000Z');
      expect(await users.get(id('gamer'))).toMatchObject({
        avatar: 'https://uploads.example/avatar.png',
        updatedAt: '2026-05-02T00:00:00.000Z',
      });
      expect(await rejectionName(users.setAvatar(id('nobody'), 'https://uploads.example/avatar.png', at))).toBe('ConditionalCheckFailedException');
      expect(await users.get(id('nobody'))).toBeNull();
    });

    it('marks the e-mail of an existing user verified only', async () => {
      await users.create(user('gamer'));
      expect((await users.get(id('gamer')))?.emailVerified).toBeUndefined();
      await users.markEmailVerified(id('gamer'), '2026-05-03T00:00:00.000Z');
      expect(await users.get(id('gamer'))).toMatchObject({ emailVerified: true, updatedAt: '2026-05-03T00:00:00.000Z' });
      expect(await rejectionName(users.markEmailVerified(id('nobody'), at))).toBe('ConditionalCheckFailedException');
      expect(await users.get(id('nobody'))).toBeNull();
    });

    it('ends a reason a team gave with the free app, and leaves any other reason and a missing user as they are', async () => {
      await users.create(user('byTeam', { appSubscriptionReason: 'FGPRO_BYTEAM' }));
      await users.create(user('coupon', { appSubscriptionReason: 'FGPRO' }));
      await users.create(user('none'));
      for (const name of ['byTeam', 'coupon', 'none', 'nobody']) await users.endTeamSubscriptionReason(id(name), '2026-05-04T00:00:00.000Z');
      expect(await users.get(id('byTeam'))).toMatchObject({ appSubscriptionReason: 'FGFREE', updatedAt: '2026-05-04T00:00:00.000Z' });
      expect((await users.get(id('coupon')))?.appSubscriptionReason).toBe('FGPRO');
      expect((await users.get(id('none')))?.appSubscriptionReason).toBeUndefined();
      expect(await users.get(id('nobody'))).toBeNull();
    });

    it('pages the unfiltered admin list by skip and take, and counts it', async () => {
      // "In the future" (before the test below adds newer ones): the first pages of the whole list, whatever else it holds.
      const created = [1, 2, 3].map((n) => user(`paged${n}`, { createdAt: `9998-12-31T23:59:5${n}.000Z` }));
      for (const record of created) await users.create(record);
      const page = async (skip: number, take: number) => (await admin.list({ search: '' }, { skip, take })).value.map((record) => record.id);
      expect(await page(0, 2)).toEqual([id('paged3'), id('paged2')]);
      expect(await page(1, 2)).toEqual([id('paged2'), id('paged1')]);
      expect(await page(2, 1)).toEqual([id('paged1')]);
      const { value: counted } = await admin.count({ search: '' });
      expect(counted.count).toBeGreaterThanOrEqual(3);
      // Past the end: nothing.
      expect(await page(counted.more ? 1_000_000 : counted.count, 5)).toEqual([]);
    });

    it('lists users newest first, a page at a time', async () => {
      // Created "in the future", so they are the newest whatever else the table holds.
      const created = [1, 2, 3].map((n) => user(`listed${n}`, { createdAt: `9999-01-01T00:00:0${n}.000Z` }));
      for (const record of created) await users.create(record);
      const first = await users.newest({ limit: 2 });
      expect(first.items.map((record) => record.id)).toEqual([id('listed3'), id('listed2')]);
      const second = await users.newest({ limit: 1, cursor: first.cursor });
      expect(second.items.map((record) => record.id)).toEqual([id('listed1')]);
    });
  });

  describe('accounts', () => {
    it('creates the profile with its e-mail and Discord claims', async () => {
      const gamer = user('gamer', { discordId: id('discord') });
      await accounts.create(gamer);
      expect(await users.get(gamer.id)).toMatchObject({ id: gamer.id, discordId: id('discord') });
      expect(await accounts.userIdByDiscordId(id('discord'))).toBe(gamer.id);
      expect(await accounts.userIdByDiscordId(id('other-discord'))).toBeNull();
    });

    it('refuses an e-mail held by another account, in any case, and writes nothing', async () => {
      await accounts.create(user('first', { email: `${id('shared')}@fitgauge.test` }));
      const second = user('second', { email: `${id('shared')}@FITGAUGE.test`, discordId: id('discord') });
      await expect(accounts.create(second)).rejects.toEqual(new ClaimTakenError('email'));
      expect(await users.get(second.id)).toBeNull();
      expect(await accounts.userIdByDiscordId(id('discord'))).toBeNull();
    });

    it('refuses a Discord id held by another account and writes nothing', async () => {
      await accounts.create(user('first', { discordId: id('discord') }));
      const second = user('second', { discordId: id('discord') });
      await expect(accounts.create(second)).rejects.toEqual(new ClaimTakenError('discord'));
      expect(await users.findByEmail(second.email)).toBeNull();
    });
  });

  describe('teams and memberships', () => {
    it('keeps teams, found by id, by ids and by owner', async () => {
      const [owls, wolves, other] = [team('owls', id('director')), team('wolves', id('director')), team('other', id('director2'))];
      for (const record of [owls, wolves, other]) await teams.create(record);
      expect(await teams.get(owls.id)).toEqual(owls);
      expect(await teams.get(id('missing'))).toBeNull();
      expect(await teams.getMany([wolves.id, id('missing'), owls.id, wolves.id])).toEqual([wolves, owls]);
      expect(await teams.ownedBy(id('director'))).toEqual([owls, wolves]);
      expect(await refusal(teams.create({ ...owls, name: 'Again' }))).toBe('team');
      expect(await teams.get(owls.id)).toEqual(owls);
    });

    it.each(['not a cursor', Buffer.from('{"pk":1}').toString('base64url'), Buffer.from('[]').toString('base64url'), 'x'.repeat(5000)])(
      'refuses the malformed cursor %s with a ValidationError',
      async (cursor) => {
        await expect(users.newest({ limit: 2, cursor })).rejects.toMatchObject({ name: 'ValidationError', message: INVALID_CURSOR });
        await expect(teams.newest({ limit: 2, cursor })).rejects.toMatchObject({ name: 'ValidationError', message: INVALID_CURSOR });
      },
    );

    it('lists teams newest first, a page at a time', async () => {
      for (const n of [1, 2, 3]) await teams.create(team(`listed${n}`, 'owner', { createdAt: `9999-01-01T00:00:0${n}.000Z` }));
      const first = await teams.newest({ limit: 2 });
      expect(first.items.map((record) => record.id)).toEqual([id('listed3'), id('listed2')]);
      expect((await teams.newest({ limit: 1, cursor: first.cursor })).items.map((record) => record.id)).toEqual([id('listed1')]);
    });

    it('adds members to an existing team once, found from the team and from the user', async () => {
      const [owls, wolves] = [team('owls', 'owner'), team('wolves', 'owner')];
      await teams.create(owls);
      await teams.create(wolves);
      const gamer = { teamId: owls.id, userId: id('gamer'), role: 'GAMER' as const, joinedAt: at };
      const coach = { teamId: owls.id, userId: id('coach'), role: 'COACH' as const, joinedAt: at };
      const elsewhere = { teamId: wolves.id, userId: id('gamer'), role: 'GAMER' as const, joinedAt: at };
      for (const membership of [gamer, coach, elsewhere]) await teams.addMember(membership);
      expect(await teams.membersOf(owls.id)).toEqual([coach, gamer]);
      expect(await teams.membershipsOfUser(id('gamer'))).toEqual([gamer, elsewhere]);
      expect(await teams.getMembership(owls.id, id('coach'))).toEqual(coach);
      expect(await teams.getMembership(wolves.id, id('coach'))).toBeNull();
      expect(await refusal(teams.addMember({ ...gamer, role: 'GAMER' }))).toBe('membership');
      expect(await teams.getMembership(owls.id, id('gamer'))).toEqual(gamer);
    });

    it('refuses a member of a team that does not exist and writes nothing', async () => {
      const membership = { teamId: id('missing'), userId: id('gamer'), role: 'GAMER' as const, joinedAt: at };
      expect(await refusal(teams.addMember(membership))).toBe('team');
      expect(await teams.membershipsOfUser(id('gamer'))).toEqual([]);
    });
  });

  describe('invites', () => {
    it('finds the pending invites of an e-mail in any case, oldest first', async () => {
      const [owls, wolves] = [team('owls', 'owner'), team('wolves', 'owner')];
      await teams.create(owls);
      await teams.create(wolves);
      const email = `${id('coach')}@FitGauge.test`;
      const newer = invite('newer', owls.id, email, { createdAt: '2026-05-02T00:00:00.000Z' });
      const older = invite('older', wolves.id, email, { createdAt: '2026-05-01T00:00:00.000Z' });
      const accepted = invite('accepted', owls.id, email, { status: 'ACCEPTED' });
      for (const record of [newer, older, accepted]) await invites.create(record);
      const lowerCased = (record: InviteRecord) => ({ ...record, inviteeEmail: email.toLowerCase() });
      expect(await invites.pendingFor(email.toUpperCase())).toEqual([lowerCased(older), lowerCased(newer)]);
    });

    it('refuses an invite to a team that does not exist, or a second one with the same id', async () => {
      const email = `${id('coach')}@fitgauge.test`;
      expect(await refusal(invites.create(invite('lost', id('missing'), email)))).toBe('team');
      const owls = team('owls', 'owner');
      await teams.create(owls);
      await invites.create(invite('first', owls.id, email));
      const other = `${id('other')}@fitgauge.test`;
      expect(await refusal(invites.create(invite('first', owls.id, other, { role: 'GAMER' })))).toBe('invite');
      expect(await invites.pendingFor(email)).toEqual([invite('first', owls.id, email)]);
      expect(await invites.pendingFor(other)).toEqual([]);
    });
  });

  describe('seats, invites, codes and purchases', () => {
    const seatsAre = async (teamId: string) => teams.seats(teamId);
    const purchase = (name: string, userId: string): DashboardPurchase => ({
      id: id(name),
      userId,
      productName: 'Team Dashboard',
      status: 'active',
      paymentFrequency: 'monthly',
      endSubscriptionAt: '2099-01-01T00:00:00.000Z',
      createdAt: at,
    });

    it('counts the plan seats and refuses a join past the limit, also when the joins come at once', async () => {
      const owls = team('owls', id('director'));
      await teams.create(owls, { extraGamerSeats: 1 });
      expect(await seatsAre(owls.id)).toEqual({ gamerSeats: 6, gamers: 0, coachSeats: 1, coaches: 0 });
      const joins = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => refusal(teams.addMember(member(owls.id, `gamer${n}`)))));
      expect(joins.filter((outcome) => outcome === 'written')).toHaveLength(6);
      expect(joins.filter((outcome) => outcome === 'seats')).toHaveLength(2);
      expect(await teams.membersOf(owls.id)).toHaveLength(6);
      expect(await seatsAre(owls.id)).toMatchObject({ gamers: 6 });
      await teams.addMember(member(owls.id, 'coach', 'COACH'));
      expect(await refusal(teams.addMember(member(owls.id, 'coach2', 'COACH')))).toBe('seats');
      expect(await teams.getMembership(owls.id, id('coach2'))).toBeNull();
    });

    it('frees a seat when a member leaves, and refuses to remove a membership that is not there', async () => {
      const owls = team('owls', id('director'));
      await teams.create(owls);
      const gamer = member(owls.id, 'gamer');
      await teams.addMember(gamer);
      await teams.removeMember(gamer);
      expect(await teams.getMembership(owls.id, gamer.userId)).toBeNull();
      expect(await seatsAre(owls.id)).toMatchObject({ gamers: 0 });
      expect(await refusal(teams.removeMember(gamer))).toBe('membership');
      expect(await seatsAre(owls.id)).toMatchObject({ gamers: 0 });
    });

    it('adds extra seats, and removes one only while a gamer seat is free', async () => {
      const owls = team('owls', id('director'));
      await teams.create(owls);
      const seat = {
        id: id('seat'),
        teamId: owls.id,
        userId: id('director'),
        subscriptionId: id('sub'),
        active: true,
        isDefaultSeat: false,
        createdAt: at,
      };
      await subscriptions.addSeat(seat);
      expect(await subscriptions.seatsOf(owls.id)).toEqual([seat]);
      for (const n of [1, 2, 3, 4, 5, 6]) await teams.addMember(member(owls.id, `gamer${n}`));
      expect(await refusal(subscriptions.deleteSeat(owls.id, seat.id))).toBe('seats');
      expect(await subscriptions.seatsOf(owls.id)).toEqual([seat]);
      await teams.removeMember(member(owls.id, 'gamer6'));
      await subscriptions.deleteSeat(owls.id, seat.id);
      expect(await subscriptions.seatsOf(owls.id)).toEqual([]);
      expect(await seatsAre(owls.id)).toMatchObject({ gamerSeats: 5, gamers: 5 });
    });

    it('changes a team that exists only', async () => {
      const owls = team('owls', id('director'));
      await teams.create(owls);
      const changed = await teams.update(owls.id, { name: 'Night Owls', game: undefined }, '2026-05-03T00:00:00.000Z');
      expect(changed).toEqual({ ...owls, name: 'Night Owls', updatedAt: '2026-05-03T00:00:00.000Z' });
      expect(await teams.get(owls.id)).toEqual(changed);
      expect(await teams.update(id('missing'), { name: 'Ghosts' }, at)).toBeNull();
      expect(await teams.get(id('missing'))).toBeNull();
    });

    it('keeps one pending invite per team and e-mail, with its one-time code', async () => {
      const owls = team('owls', id('director'));
      await teams.create(owls);
      const email = `${id('gamer')}@fitgauge.test`;
      const first = invite('first', owls.id, email, { role: 'GAMER' });
      await invites.create(first, code('code1', owls.id, first.id, email));
      expect(await refusal(invites.create(invite('again', owls.id, email.toUpperCase()), code('code2', owls.id, id('again'), email)))).toBe(
        'pending',
      );
      expect(
        await refusal(invites.create(invite('other', owls.id, `${id('other')}@fitgauge.test`), code('code1', owls.id, id('other'), email))),
      ).toBe('code');
      expect(await invites.ofTeam(owls.id)).toEqual([{ ...first, code: id('code1') }]);
      expect(await invites.get(owls.id, first.id)).toEqual({ ...first, code: id('code1') });
      expect(await invites.codeOf(id('code1'))).toEqual(code('code1', owls.id, first.id, email));
      expect(await invites.codesOf(owls.id)).toEqual([code('code1', owls.id, first.id, email)]);
      expect(await invites.codeOf(id('code2'))).toBeNull();
    });

    it('accepts an invite once: the member joins, the invite is answered, its code is used, the e-mail may be invited again', async () => {
      const owls = team('owls', id('director'));
      await teams.create(owls);
      const email = `${id('gamer')}@fitgauge.test`;
      const sent = { ...invite('sent', owls.id, email, { role: 'GAMER' }), code: id('code') };
      await invites.create(sent, code('code', owls.id, sent.id, email));
      const later = '2026-05-02T00:00:00.000Z';
      const accepts = await Promise.all(
        ['gamer', 'gamer2', 'gamer3'].map((name) =>
          refusal(teams.addMember(member(owls.id, name), invites.answerItems(sent, 'ACCEPTED', { userId: id(name) }, later))),
        ),
      );
      expect(accepts.filter((outcome) => outcome === 'written')).toHaveLength(1);
      expect(accepts.filter((outcome) => outcome === 'invite')).toHaveLength(2);
      expect(await teams.membersOf(owls.id)).toHaveLength(1);
      expect(await seatsAre(owls.id)).toMatchObject({ gamers: 1 });
      expect(await invites.get(owls.id, sent.id)).toMatchObject({ status: 'ACCEPTED', updatedAt: later });
      const joined = (await teams.membersOf(owls.id))[0].userId;
      expect(await invites.codeOf(id('code'))).toMatchObject({ used: true, accepted: true, userId: joined });
      expect(await invites.pendingFor(email)).toEqual([]);
      await invites.create(invite('again', owls.id, email));
      expect(await invites.pendingFor(email)).toHaveLength(1);
    });

    it('uses a code once: a rejected invite cannot be accepted, and rejecting twice is refused', async () => {
      const owls = team('owls', id('director'));
      await teams.create(owls);
      const email = `${id('gamer')}@fitgauge.test`;
      const sent = { ...invite('sent', owls.id, email, { role: 'GAMER' }), code: id('code') };
      await invites.create(sent, code('code', owls.id, sent.id, email));
      await invites.reject(sent, at);
      expect(await invites.codeOf(id('code'))).toMatchObject({ used: true, accepted: false, userId: null });
      expect(await refusal(invites.reject(sent, at))).toBe('invite');
      expect(await refusal(teams.addMember(member(owls.id, 'gamer'), invites.answerItems(sent, 'ACCEPTED', { userId: id('gamer') }, at)))).toBe(
        'invite',
      );
      expect(await teams.membersOf(owls.id)).toEqual([]);
      expect(await seatsAre(owls.id)).toMatchObject({ gamers: 0 });
    });

    it('deletes an invite with its guard and code', async () => {
      const owls = team('owls', id('director'));
      await teams.create(owls);
      const email = `${id('gamer')}@fitgauge.test`;
      const sent = { ...invite('sent', owls.id, email), code: id('code') };
      await invites.create(sent, code('code', owls.id, sent.id, email));
      await invites.delete(sent);
      expect(await invites.ofTeam(owls.id)).toEqual([]);
      expect(await invites.codeOf(id('code'))).toBeNull();
      expect(await refusal(invites.delete(sent))).toBe('invite');
      await invites.create(invite('again', owls.id, email));
    });

    it('spends a purchase on one team only', async () => {
      const director = id('director');
      const bought = purchase('purchase', director);
      await subscriptions.addPurchase(bought);
      expect(await subscriptions.unusedPurchases(director)).toEqual([bought]);
      const [owls, wolves] = [team('owls', director), team('wolves', director)];
      const creates = await Promise.all(
        [owls, wolves].map((record) => refusal(teams.create(record, { also: subscriptions.spendPurchase(bought, record.id, at) }))),
      );
      expect(creates.filter((outcome) => outcome === 'written')).toHaveLength(1);
      expect(creates.filter((outcome) => outcome === 'purchase')).toHaveLength(1);
      const created = creates[0] === 'written' ? owls : wolves;
      const refused = creates[0] === 'written' ? wolves : owls;
      expect(await teams.get(refused.id)).toBeNull();
      expect(await teams.ownedBy(director)).toEqual([created]);
      expect(await subscriptions.unusedPurchases(director)).toEqual([]);
      expect(await subscriptions.teamSubscription(created.id)).toMatchObject({
        teamId: created.id,
        userId: director,
        subscriptionId: bought.id,
        status: 'active',
      });
      expect(await subscriptions.teamSubscription(refused.id)).toBeNull();
    });

    it('deletes a team with its memberships, invites and codes while its owner keeps another team', async () => {
      const director = id('director');
      const [owls, wolves] = [team('owls', director), team('wolves', director)];
      await teams.create(owls);
      await teams.create(wolves);
      const email = `${id('invitee')}@fitgauge.test`;
      const sent = { ...invite('sent', owls.id, email), code: id('code') };
      await invites.create(sent, code('code', owls.id, sent.id, email));
      await teams.addMember(member(owls.id, 'gamer'));
      await teams.addMember(member(wolves.id, 'gamer'));
      await teams.delete(owls, await invites.keysOfTeam(owls.id));
      expect(await teams.get(owls.id)).toBeNull();
      expect(await teams.membersOf(owls.id)).toEqual([]);
      expect(await teams.membershipsOfUser(id('gamer'))).toEqual([member(wolves.id, 'gamer')]);
      expect(await teams.seats(owls.id)).toBeNull();
      expect(await invites.ofTeam(owls.id)).toEqual([]);
      expect(await invites.pendingFor(email)).toEqual([]);
      expect(await invites.codeOf(id('code'))).toBeNull();
      expect(await invites.codesOf(owls.id)).toEqual([]);
      expect(await refusal(teams.delete(wolves, []))).toBe('owner');
      expect(await teams.get(wolves.id)).toEqual(wolves);
      expect(await teams.membersOf(wolves.id)).toEqual([member(wolves.id, 'gamer')]);
    });
  });

  describe('rate windows', () => {
    const now = new Date('2026-05-01T10:00:30Z');

    it('counts uses per subject and window, refusing past the limit until the next window', async () => {
      const [subject, other] = [id('caller'), id('other')];
      const takes = await Promise.all(Array.from({ length: 5 }, () => rateLimits.take(subject, 3, 60, now)));
      expect(takes.filter(Boolean)).toHaveLength(3);
      expect(await rateLimits.take(other, 3, 60, now)).toBe(true);
      expect(await rateLimits.take(subject, 3, 60, new Date('2026-05-01T10:00:59Z'))).toBe(false);
      expect(await rateLimits.take(subject, 3, 60, new Date('2026-05-01T10:01:00Z'))).toBe(true);
    });
  });

  describe('sign-outs', () => {
    it('remembers the latest sign-out of each account, in whole seconds', async () => {
      const [userId, other] = [id('gamer'), id('other')];
      expect(await signOuts.signedOutAt(userId)).toBeNull();
      await signOuts.signOut(userId, new Date('2026-05-01T10:00:05.900Z'));
      await signOuts.signOut(userId, new Date('2026-05-01T10:00:01Z')); // an earlier one never wins
      expect(await signOuts.signedOutAt(userId)).toBe(Date.parse('2026-05-01T10:00:05Z') / 1000);
      await signOuts.signOut(userId, new Date('2026-05-01T10:00:09Z'));
      expect(await signOuts.signedOutAt(userId)).toBe(Date.parse('2026-05-01T10:00:09Z') / 1000);
      expect(await signOuts.signedOutAt(other)).toBeNull();
    });
  });

  describe('team subscriptions', () => {
    it('keeps one subscription per team', async () => {
      const subscription = {
        teamId: id('owls'),
        userId: id('director'),
        productName: 'Team Dashboard',
        status: 'active' as const,
        paymentFrequency: 'monthly' as const,
        method: 'card',
        endSubscriptionAt: '2026-06-01T00:00:00.000Z',
        createdAt: at,
        updatedAt: at,
      };
      expect(await subscriptions.teamSubscription(id('owls'))).toBeNull();
      await subscriptions.createTeamSubscription(subscription);
      expect(await subscriptions.teamSubscription(id('owls'))).toEqual(subscription);
      expect(await rejectionName(subscriptions.createTeamSubscription({ ...subscription, status: 'expired' }))).toBe(
        'ConditionalCheckFailedException',
      );
      expect(await subscriptions.teamSubscription(id('owls'))).toEqual(subscription);
    });
  });

  describe('scores', () => {
    const date = '2026-05-01';
    const closesAt = '2026-05-02T04:00:00.000Z';
    const stored = (day: MemberDay, version: number, updatedAt = at): StoredMemberDay => ({
      ...day,
      version,
      timeZone: 'UTC',
      closesAt,
      watchedVideos: false,
      updatedAt,
    });
    /** The latest-day copy of a day without baselines: what a team's members table reads. */
    const latestOf = (day: StoredMemberDay): LatestMemberDay => {
      const { userId, date: dayDate, version, updatedAt, fg, dailyScore, gameReadiness, gamePerformance, gaming, avgCompletion } = day;
      return { userId, date: dayDate, version, updatedAt, fg, dailyScore, gameReadiness, gamePerformance, gaming, avgCompletion };
    };
    const noZone = { timeZone: null, timeZoneFrom: null, previousTimeZone: null };
    const berlin = { ...noZone, timeZone: 'Europe/Berlin' };
    /** The day's answers as the day keeps them, each answered at `answeredAt`. */
    const answersOf = (pick: 'best' | 'worst', skip: string[] = [], answeredAt = at): Record<string, DayAnswer> =>
      Object.fromEntries(answersWith(pick, skip).map(({ questionSlug, value }) => [questionSlug, { value, answeredAt }]));
    const dayOf = (userId: string, pick: 'best' | 'worst', skip: string[] = []) =>
      buildMemberDay({ userId, date, answers: answersWith(pick, skip), previous: null, watchedVideos: false });

    /** The day's first check-in (no version read), all best answers, in no team, the zone fields unchanged. */
    const firstWrite = (day: MemberDay, extra: Partial<DayWrite> = {}): DayWrite => ({
      day: { ...stored(day, 1), answers: answersOf('best') },
      expectedVersion: null,
      teams: [],
      userZone: { read: noZone, next: null },
      ...extra,
    });

    /** A gamer with a profile, playing in the teams named (with the plan's seats), joined at `at`. */
    async function gamerIn(...teamNames: string[]) {
      const gamer = user('gamer');
      const teamsOf = teamNames.map((name) => team(name, id('director')));
      await seedRecords({ users: [gamer], teams: teamsOf, memberships: teamsOf.map((one) => member(one.id, 'gamer')) });
      return { gamer, teamIds: teamsOf.map((one) => one.id) };
    }
    const counting = (teamIds: string[]) => teamIds.map((teamId) => ({ teamId, joinedAt: at }));

    it('writes a check-in and its correction, read back by day, answer and team', async () => {
      const { gamer, teamIds } = await gamerIn('owls', 'wolves');
      const [owls, wolves] = teamIds;
      const first = { ...stored(dayOf(gamer.id, 'best'), 1), answers: answersOf('best') };
      await scores.saveDay({ day: first, expectedVersion: null, teams: counting(teamIds), userZone: { read: noZone, next: berlin } });
      // The correction keeps the answers it did not change with the instant they were given.
      const later = '2026-05-01T11:00:00.000Z';
      const changed = answersOf('worst', ['pain'], later);
      const corrected = {
        ...stored(dayOf(gamer.id, 'worst', ['pain']), 2, later),
        answers: { ...changed, 'gaming-today': first.answers['gaming-today']! },
      };
      await scores.saveDay({ day: corrected, expectedVersion: 1, teams: counting([owls!]), userZone: { read: berlin, next: null } });

      const window = { startDate: date, endDate: date };
      expect(await scores.memberDays(gamer.id, window)).toEqual([corrected]);
      const answers = await scores.answers(gamer.id, window);
      expect(answers.map(({ questionSlug, value, answeredAt }) => ({ questionSlug, value, answeredAt }))).toEqual(
        Object.entries(corrected.answers)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([questionSlug, { value, answeredAt }]) => ({ questionSlug, value, answeredAt })),
      );
      expect(answers.find((answer) => answer.questionSlug === 'gaming-today')?.answeredAt).toBe(at);
      expect(await scores.answer(gamer.id, date, 'pain')).toBeNull();
      expect(await scores.answer(gamer.id, date, 'sleep-quality')).toEqual(answers.find((a) => a.questionSlug === 'sleep-quality'));
      expect(await scores.teamDays(owls!, window)).toEqual([aggregateTeamDay(date, [corrected])]);
      expect(await scores.teamDays(wolves!, window)).toEqual([aggregateTeamDay(date, [first])]);
      expect(await users.get(gamer.id)).toMatchObject({ ...berlin, updatedAt: at });
    });

    it('reads a day stored before the answers were kept compactly, each answer with its own instant', async () => {
      const gamer = user('gamer');
      const day = { ...stored(dayOf(gamer.id, 'best'), 1), answers: answersOf('best', [], '2026-05-01T09:00:00.000Z') };
      // As check-ins wrote it until issue 33: a map of { value, answeredAt } per question.
      await db().send(
        new PutCommand({ TableName: config.tableName, Item: { pk: `USER#${gamer.id}`, sk: `DAY#${date}`, type: 'MemberDay', ...day } }),
      );
      expect(await scores.latestDays(gamer.id, 1)).toEqual([day]);
    });

    it('refuses a write computed from a day that changed meanwhile, and keeps the day', async () => {
      const { gamer } = await gamerIn();
      const day = dayOf(gamer.id, 'best');
      const write = firstWrite(day);
      await scores.saveDay(write);
      await expect(scores.saveDay(write)).rejects.toBeInstanceOf(DayVersionConflict);
      await expect(scores.saveDay({ ...write, day: stored(day, 3), expectedVersion: 2 })).rejects.toBeInstanceOf(DayVersionConflict);
      expect(await scores.latestDays(gamer.id, 5)).toEqual([write.day]);
    });

    it('refuses a write computed under zone fields that changed meanwhile, or for a user that does not exist, and writes nothing', async () => {
      const gamer = user('gamer', { ...berlin, timeZoneFrom: '2026-05-01T22:00:00.000Z', previousTimeZone: 'UTC' });
      const owls = team('owls', id('director'));
      await seedRecords({ users: [gamer], teams: [owls], memberships: [member(owls.id, 'gamer')] });
      const day = dayOf(gamer.id, 'best');
      const write = firstWrite(day, { teams: counting([owls.id]), userZone: { read: berlin, next: { ...berlin, timeZone: 'Asia/Tokyo' } } });
      await expect(scores.saveDay(write)).rejects.toBeInstanceOf(DayVersionConflict);
      const nobody = { ...write, day: { ...write.day, userId: id('nobody') }, teams: [], userZone: { read: noZone, next: null } };
      await expect(scores.saveDay(nobody)).rejects.toBeInstanceOf(DayVersionConflict);
      expect(await users.get(gamer.id)).toEqual({ ...gamer, email: gamer.email.toLowerCase() });
      expect(await scores.latestDays(gamer.id, 5)).toEqual([]);
      expect(await scores.latestDays(id('nobody'), 5)).toEqual([]);
      expect(await scores.teamDays(owls.id, { startDate: date, endDate: date })).toEqual([]);
    });

    it('refuses a write that counts the day in a team the gamer left meanwhile, and writes nothing', async () => {
      const { gamer, teamIds } = await gamerIn('owls');
      const [owls] = teamIds;
      const membership: MembershipRecord = member(owls!, 'gamer');
      const write = firstWrite(dayOf(gamer.id, 'best'), { teams: counting([owls!]) });
      await teams.removeMember(membership);
      await expect(scores.saveDay(write)).rejects.toBeInstanceOf(DayVersionConflict);
      // Joined again: another membership than the one the day was computed for.
      await teams.addMember({ ...membership, joinedAt: '2026-05-01T12:00:00.000Z' });
      await expect(scores.saveDay(write)).rejects.toBeInstanceOf(DayVersionConflict);
      expect(await scores.latestDays(gamer.id, 5)).toEqual([]);
      expect(await scores.teamDays(owls!, { startDate: date, endDate: date })).toEqual([]);
      await scores.saveDay({ ...write, teams: [{ ...write.teams[0]!, joinedAt: '2026-05-01T12:00:00.000Z' }] });
      expect(await scores.teamDays(owls!, { startDate: date, endDate: date })).toEqual([aggregateTeamDay(date, [write.day])]);
    });

    it('counts a day in its team once, however often it is counted again, and catches up a team that missed a version', async () => {
      const { gamer, teamIds } = await gamerIn('owls');
      const [owls] = teamIds;
      const window = { startDate: date, endDate: date };
      const mate = user('mate');
      await seedRecords({ users: [mate], memberships: [member(owls!, 'mate')] });
      const mates = firstWrite(dayOf(mate.id, 'worst'), { teams: counting([owls!]) });
      await scores.saveDay(mates);
      const first = firstWrite(dayOf(gamer.id, 'best'), { teams: counting([owls!]) });
      await scores.saveDay(first);
      // Counted again (a check-in sent again whose first send stopped after its transaction): nothing changes.
      await scores.countInTeams(first.day, [{ teamId: owls! }]);
      await scores.countInTeams(first.day, [{ teamId: owls! }]);
      expect(await scores.teamDays(owls!, window)).toEqual([aggregateTeamDay(date, [mates.day, first.day])]);

      // Two corrections whose counting was lost (a Lambda stopped after each transaction): the team still counts v1.
      const second = { ...stored(dayOf(gamer.id, 'worst'), 2), answers: answersOf('worst') };
      const third = { ...stored(dayOf(gamer.id, 'best', ['pain']), 3), answers: answersOf('best', ['pain']) };
      await scores.saveDay({ day: second, expectedVersion: 1, teams: [], userZone: first.userZone });
      await scores.saveDay({ day: third, expectedVersion: 2, teams: [], userZone: first.userZone });
      expect(await scores.teamDays(owls!, window)).toEqual([aggregateTeamDay(date, [mates.day, first.day])]);
      // The next count (of v3) brings the team's day from v1 to it.
      await scores.countInTeams(third, [{ teamId: owls! }]);
      expect(await scores.teamDays(owls!, window)).toEqual([aggregateTeamDay(date, [mates.day, third])]);
      // An older version counted late changes nothing any more.
      await scores.countInTeams(second, [{ teamId: owls! }]);
      expect(await scores.teamDays(owls!, window)).toEqual([aggregateTeamDay(date, [mates.day, third])]);
    });

    it("reads gamers' profiles with each one's latest day up to his own today, from its copy or, where none answers, his days", async () => {
      const [fresh, imported, older, idle] = ['fresh', 'imported', 'older', 'idle'].map((name) => user(name));
      await Promise.all([fresh, imported, older, idle].map((gamer) => users.create(gamer)));
      const day = dayOf(fresh.id, 'best');
      const answered = { ...stored(day, 1), answers: { 'sleep-quality': { value: 'great', answeredAt: at } }, checkInIds: ['k1'] };
      await scores.saveDay({ ...firstWrite(day), day: answered });
      // A check-in of an earlier day that was in flight meanwhile is refused: the later day stays the latest.
      const earlier = buildMemberDay({ userId: fresh.id, date: '2026-04-30', answers: answersWith('worst'), previous: null, watchedVideos: false });
      await expect(scores.saveDay(firstWrite(earlier))).rejects.toBeInstanceOf(DayVersionConflict);
      const history = ['2026-04-28', '2026-04-29', '2026-04-30'].map((historyDate) =>
        stored(buildMemberDay({ userId: imported.id, date: historyDate, answers: answersWith('best'), previous: null, watchedVideos: true }), 1),
      );
      const olderDay = stored(dayOf(older.id, 'worst'), 1);
      await scores.importHistory({ days: [...history, olderDay], teamDays: [] });
      // A day stored before the copies were written with every check-in.
      await db().send(new DeleteCommand({ TableName: config.tableName, Key: { pk: `USER#${older.id}`, sk: 'LATEST_DAY' } }));

      // The imported gamer's today is a day before his copy's (a zone behind the one he last answered in).
      const todayOf = ({ id: userId }: UserRecord) => (userId === imported.id ? '2026-04-29' : date);
      const latest = await scores.profilesWithLatestDays([fresh.id, imported.id, id('no-profile'), older.id, idle.id], todayOf);
      expect(latest.map(({ user: { id: userId }, today, latest: day }) => ({ userId, today, day }))).toEqual([
        { userId: fresh.id, today: date, day: latestOf(stored(day, 1)) },
        { userId: imported.id, today: '2026-04-29', day: history[1] },
        { userId: older.id, today: date, day: olderDay },
        { userId: idle.id, today: date, day: null },
      ]);
      expect(latest[0]!.user).toEqual({ ...fresh, email: fresh.email.toLowerCase() });
      const [again] = await scores.profilesWithLatestDays([imported.id], () => date);
      expect(again!.latest).toEqual(latestOf(history[2]!));
    });

    it('lists the latest days newest first, up to a day when asked, and imports histories', async () => {
      const userId = id('gamer');
      const dates = ['2026-04-28', '2026-04-29', '2026-04-30'];
      let previous: MemberDay | null = null;
      const days = dates.map((day) => {
        previous = buildMemberDay({ userId, date: day, answers: answersWith('best'), previous: previous?.fg ?? null, watchedVideos: true });
        return { ...stored(previous, 1), answers: answersOf('best') };
      });
      const teamDays = dates.map((day, index) => ({ teamId: id('owls'), aggregate: aggregateTeamDay(day, [days[index]]), updatedAt: at }));
      await scores.importHistory({ days, teamDays });
      expect(await scores.latestDays(userId, 2)).toEqual([days[2], days[1]]);
      expect(await scores.latestDays(userId, 2, '2026-04-29')).toEqual([days[1], days[0]]);
      expect(await scores.memberDays(userId, { startDate: '2026-04-29', endDate: '2026-05-30' })).toEqual([days[1], days[2]]);
      expect(await scores.teamDays(id('owls'), { startDate: '2026-04-01', endDate: '2026-04-29' })).toEqual(
        teamDays.slice(0, 2).map((teamDay) => teamDay.aggregate),
      );
      // Only some totals: those metrics as stored, every other one empty, no member's game scores.
      // A pillar's statistic names the pillar twice (its own metric, and among the pillars): read once.
      const [partial] = await scores.teamDays(id('owls'), { startDate: '2026-04-28', endDate: '2026-04-28' }, ['sleep', 'fgScore', 'sleep']);
      const whole = teamDays[0]!.aggregate;
      expect(partial).toEqual({
        ...emptyTeamDayAggregate('2026-04-28'),
        totals: { ...emptyTeamDayAggregate('2026-04-28').totals, fgScore: whole.totals.fgScore, sleep: whole.totals.sleep },
      });
      expect(whole.totals.fgScore.count).toBe(1);
      expect(await scores.answers(userId, { startDate: '2026-04-30', endDate: '2026-04-30' })).toHaveLength(answersWith('best').length);
    });
  });
  describe('journal', () => {
    const comment = (name: string, extra: Partial<CommentRecord> = {}): CommentRecord => ({
      id: id(name),
      teamId: id('team'),
      userId: id('gamer'),
      date: '2026-05-01',
      pillarSlug: 'sleep',
      questionSlug: 'sleep-quality',
      content: `${name} says hi`,
      answerTo: null,
      authorId: id('coach'),
      createdAt: at,
      updatedAt: at,
      ...extra,
    });
    const unread = async (name: string) => (await journal.unreadOf(id(name))).map(({ teamId, unread: count }) => ({ teamId, count }));

    it('writes a comment once, finds it by id and in its day, and raises each person concerned once', async () => {
      const first = comment('first');
      await journal.create(first, [id('gamer'), id('director'), id('gamer')]);
      expect(await refusal(journal.create(first, [id('director')]))).toBe('comment');
      expect(await journal.get(first.id)).toEqual(first);
      expect(await journal.get(id('nothing'))).toBeNull();
      const later = comment('later', { createdAt: '2026-05-01T11:00:00.000Z', userId: id('other') });
      await journal.create(later, [id('director')]);
      expect((await journal.ofDay(id('team'), '2026-05-01')).map((c) => c.id)).toEqual([first.id, later.id]);
      expect((await journal.ofDay(id('team'), '2026-05-01', id('gamer'))).map((c) => c.id)).toEqual([first.id]);
      expect(await journal.ofDay(id('team'), '2026-05-02')).toEqual([]);
      expect(await unread('gamer')).toEqual([{ teamId: id('team'), count: 1 }]);
      expect(await unread('director')).toEqual([{ teamId: id('team'), count: 2 }]);
      expect(await unread('coach')).toEqual([]);
    });

    it('lists the replies to a comment, oldest first', async () => {
      const root = comment('root');
      await journal.create(root, []);
      const second = comment('second', { answerTo: root.id, createdAt: '2026-05-01T12:00:00.000Z' });
      const first = comment('reply', { answerTo: root.id, createdAt: '2026-05-01T11:00:00.000Z' });
      await journal.create(second, []);
      await journal.create(first, []);
      expect((await journal.replies(root.id)).map((c) => c.id)).toEqual([first.id, second.id]);
      expect(await journal.replies(first.id)).toEqual([]);
    });

    it('changes and deletes a comment for its author only', async () => {
      const written = comment('edited');
      await journal.create(written, []);
      expect(await journal.updateContent(written, id('director'), 'Not mine', '2026-05-02T00:00:00.000Z')).toBeNull();
      expect(await journal.updateContent(written, id('coach'), 'Mine', '2026-05-02T00:00:00.000Z')).toEqual({
        ...written,
        content: 'Mine',
        updatedAt: '2026-05-02T00:00:00.000Z',
      });
      expect(await journal.delete(written, id('director'))).toBe(false);
      expect(await journal.delete(written, id('coach'))).toBe(true);
      expect(await journal.get(written.id)).toBeNull();
      expect(await journal.delete(written, id('coach'))).toBe(false);
      expect(await journal.updateContent(written, id('coach'), 'Gone', at)).toBeNull();
    });

    it('clears an unread count to 0 and writes nothing for someone who never had one', async () => {
      await journal.create(comment('counted'), [id('director')]);
      await journal.clearUnread(id('director'), id('team'));
      expect(await unread('director')).toEqual([{ teamId: id('team'), count: 0 }]);
      await journal.clearUnread(id('nobody'), id('team'));
      expect(await unread('nobody')).toEqual([]);
    });

    it("lists the comments on a gamer's days newest first, a page at a time, only in the teams asked, without the deleted ones", async () => {
      const gamer = id('listed');
      const at = (minute: number) => `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
      const written = [1, 2, 3, 4].map((minute) => comment(`listed-${minute}`, { userId: gamer, createdAt: at(minute), updatedAt: at(minute) }));
      const elsewhere = comment('listed-elsewhere', { userId: gamer, teamId: id('left-team'), createdAt: at(5), updatedAt: at(5) });
      const teammates = comment('listed-teammate', { createdAt: at(6), updatedAt: at(6) });
      for (const each of [...written, elsewhere, teammates]) await journal.create(each, []);
      await journal.delete(written[1]!, id('coach'));
      await journal.updateContent(written[0]!, id('coach'), 'Edited', at(7));

      const first = await journal.onDaysOf(gamer, [id('team')], { limit: 2 });
      expect(first.items.map((c) => c.id)).toEqual([written[3]!.id, written[2]!.id]);
      const second = await journal.onDaysOf(gamer, [id('team')], { limit: 2, cursor: first.cursor });
      expect(second.items.map((c) => [c.id, c.content])).toEqual([[written[0]!.id, 'Edited']]);
      expect((await journal.onDaysOf(gamer, [id('team'), id('left-team')], { limit: 10 })).items.map((c) => c.id)).toEqual([
        elsewhere.id,
        written[3]!.id,
        written[2]!.id,
        written[0]!.id,
      ]);
      expect(await journal.onDaysOf(gamer, [], { limit: 10 })).toEqual({ items: [], cursor: null });
    });

    it("counts unread comments by day and reads one day: the day's count goes, the team's drops by as much", async () => {
      const reader = id('day-reader');
      const on = (date: string, name: string) => comment(name, { date });
      for (const [date, name] of [
        ['2026-05-01', 'day-a1'],
        ['2026-05-01', 'day-a2'],
        ['2026-05-03', 'day-b1'],
      ] as const) {
        await journal.create(on(date, name), [reader]);
      }
      await journal.raiseAlert(
        { teamId: id('team'), userId: id('gamer'), date: '2026-05-02', gameReadiness: 30, pillarSlug: 'mental', createdAt: at },
        [reader],
      );
      expect(await journal.unreadDays(reader, id('team'))).toEqual([
        { date: '2026-05-03', unread: 1 },
        { date: '2026-05-02', unread: 1 },
        { date: '2026-05-01', unread: 2 },
      ]);
      expect(await journal.readDay(reader, id('team'), '2026-05-01')).toBe(2);
      expect(await journal.readDay(reader, id('team'), '2026-05-01')).toBe(2);
      expect(await journal.unreadDays(reader, id('team'))).toEqual([
        { date: '2026-05-03', unread: 1 },
        { date: '2026-05-02', unread: 1 },
      ]);
      // A count cleared meanwhile stays at 0; clearing forgets the days too.
      await journal.clearUnread(reader, id('team'));
      expect(await journal.unreadDays(reader, id('team'))).toEqual([]);
      await journal.create(on('2026-05-04', 'day-c1'), [reader]);
      expect(await journal.readDay(reader, id('team'), '2026-05-04')).toBe(0);
      expect(await unread('day-reader')).toEqual([{ teamId: id('team'), count: 0 }]);
    });

    it('reads a day exactly while comments on it and other days arrive in parallel', async () => {
      const reader = id('racing-reader');
      await journal.create(comment('race-0', { date: '2026-05-01' }), [reader]);
      await Promise.all([
        ...Array.from({ length: 6 }, (_, index) =>
          journal.create(comment(`race-day-${index}`, { date: index % 2 ? '2026-05-01' : '2026-05-02' }), [reader]),
        ),
        journal.readDay(reader, id('team'), '2026-05-01'),
      ]);
      const days = await journal.unreadDays(reader, id('team'));
      const [team] = await journal.unreadOf(reader);
      expect(team!.unread).toBe(days.reduce((sum, day) => sum + day.unread, 0));
      expect(days.find((day) => day.date === '2026-05-02')).toEqual({ date: '2026-05-02', unread: 3 });
    });

    it('raises a readiness alert once per team, gamer and day, and claims its e-mail once per recipient', async () => {
      const alert = {
        teamId: id('team'),
        userId: id('gamer'),
        date: '2026-05-01',
        gameReadiness: 30,
        pillarSlug: 'mental' as const,
        createdAt: at,
      };
      expect(await journal.raiseAlert(alert, [id('director'), id('coach')])).toBe(true);
      expect(await journal.raiseAlert({ ...alert, gameReadiness: 20 }, [id('director'), id('coach')])).toBe(false);
      expect(await journal.alertsOf(id('team'), '2026-05-01')).toEqual([alert]);
      expect(await journal.alertsOf(id('team'), '2026-05-02')).toEqual([]);
      expect(await unread('director')).toEqual([{ teamId: id('team'), count: 1 }]);
      const expiresAt = Math.floor(Date.now() / 1000) + 3600;
      expect(await journal.claimAlertMail(id('director'), '2026-05-01', id('gamer'), expiresAt)).toBe(true);
      expect(await journal.claimAlertMail(id('director'), '2026-05-01', id('gamer'), expiresAt)).toBe(false);
      expect(await journal.claimAlertMail(id('coach'), '2026-05-01', id('gamer'), expiresAt)).toBe(true);
    });
  });
});
