import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { defineItem } from '../db/item';
import { teamPartition, userPartition } from '../db/keys';
import { partitionQuery, query } from '../db/table';
import { teamSeatsItem } from './team-store';
import { type TransactItem, transact } from './transactions';

/**
 * The billing records the team side reads and spends (docs/data-model.md, "Subscriptions and seats"): a director's
 * team-dashboard purchases, each team's subscription, and the extra gamer seats bought for a team. The billing
 * feature writes them when a payment succeeds; tests and the demo data write them through this store.
 */
export interface DashboardPurchase {
  /** The billing subscription id. */
  id: string;
  userId: string;
  productName: string;
  status: string;
  paymentFrequency: string;
  endSubscriptionAt: string;
  /** Set once a team was created with this purchase. */
  teamId?: string;
  /** The Stripe state's period end and event time (Unix seconds), for billing's ordering condition. */
  periodEndsAt?: number;
  stateAt?: number;
  createdAt: string;
}

/** The subscription a team runs on (its dashboard purchase, once tied to it; the demo seed writes its own). */
export interface TeamSubscriptionRecord {
  teamId: string;
  /** The director who pays. */
  userId: string;
  subscriptionId?: string;
  productName: string;
  status: string;
  paymentFrequency: string;
  /** How it is paid (the demo seed's 'card'); purchases do not say yet. */
  method?: string;
  endSubscriptionAt: string;
  periodEndsAt?: number;
  stateAt?: number;
  createdAt: string;
  updatedAt: string;
}

/** An extra gamer seat of a team (docs/data-model.md, "Items and keys"). */
export interface SeatRecord {
  id: string;
  teamId: string;
  userId: string;
  subscriptionId: string;
  active: boolean;
  isDefaultSeat: boolean;
  createdAt: string;
}

export interface SubscriptionStore {
  /** Records a purchase (billing; tests). */
  addPurchase(purchase: DashboardPurchase): Promise<void>;
  /** A director's purchases not yet tied to a team, oldest first. */
  unusedPurchases(userId: string): Promise<DashboardPurchase[]>;
  /** The transaction item that ties a purchase to a new team (refused when another team took it meanwhile). */
  spendPurchase(purchase: DashboardPurchase, teamId: string, at: string): { label: 'purchase'; item: TransactItem }[];
  teamSubscription(teamId: string): Promise<TeamSubscriptionRecord | null>;
  /** The team's first subscription (demo seed); fails with ConditionalCheckFailedException when the team has one. */
  createTeamSubscription(subscription: TeamSubscriptionRecord): Promise<void>;
  /** Replaces the team's subscription (billing renewals and cancellations; tests). */
  putTeamSubscription(subscription: TeamSubscriptionRecord): Promise<void>;
  /** Adds an extra gamer seat and raises the team's gamer seats, in one transaction. */
  addSeat(seat: SeatRecord): Promise<void>;
  seatsOf(teamId: string): Promise<SeatRecord[]>;
  /** Removes an extra seat while a free gamer seat remains: TransactionRefused('seat' | 'seats'). */
  deleteSeat(teamId: string, seatId: string): Promise<void>;
}

const TableName = () => config.tableName;

/** The subscription a team gets from the purchase it was created with. */
const subscriptionOfPurchase = (purchase: DashboardPurchase, teamId: string, at: string): TeamSubscriptionRecord => ({
  teamId,
  userId: purchase.userId,
  subscriptionId: purchase.id,
  productName: purchase.productName,
  status: purchase.status,
  paymentFrequency: purchase.paymentFrequency,
  endSubscriptionAt: purchase.endSubscriptionAt,
  periodEndsAt: purchase.periodEndsAt,
  stateAt: purchase.stateAt,
  createdAt: at,
  updatedAt: at,
});

/** A team-dashboard purchase of a director; `teamId` is set once a team is created with it. */
export const purchaseItem = defineItem<DashboardPurchase>()({
  type: 'DashboardPurchase',
  key: ({ userId, id }: { userId: string; id: string }) => ({ pk: userPartition(userId), sk: `DASHBOARD#${id}` }),
});

/** A team's subscription. */
export const teamSubscriptionItem = defineItem<TeamSubscriptionRecord>()({
  type: 'Subscription',
  key: ({ teamId }: { teamId: string }) => ({ pk: teamPartition(teamId), sk: 'SUBSCRIPTION' }),
});

/** An extra gamer seat bought for a team (billing). */
export const seatItem = defineItem<SeatRecord>()({
  type: 'Seat',
  key: ({ teamId, id }: { teamId: string; id: string }) => ({ pk: teamPartition(teamId), sk: `SEAT#${id}` }),
});

export const dynamoSubscriptionStore: SubscriptionStore = {
  async addPurchase(purchase) {
    await db().send(new PutCommand(purchaseItem.put(purchase, { ConditionExpression: 'attribute_not_exists(pk)' }).Put));
  },
  async unusedPurchases(userId) {
    const ofUser = purchaseItem.key({ userId, id: '' });
    // A director's own few purchases: the filter only drops those already tied to a team.
    const { items } = await query({
      ...partitionQuery('table', ofUser.pk, ofUser.sk),
      FilterExpression: 'attribute_not_exists(teamId)',
      ConsistentRead: true,
    });
    return items.map(purchaseItem.decode).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  },
  spendPurchase(purchase, teamId, at) {
    const subscription = subscriptionOfPurchase(purchase, teamId, at);
    return [
      {
        label: 'purchase',
        item: purchaseItem.update(purchase, {
          UpdateExpression: 'SET teamId = :team',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(teamId)',
          ExpressionAttributeValues: { ':team': teamId },
        }),
      },
      { label: 'purchase', item: teamSubscriptionItem.put(subscription) },
    ];
  },
  async teamSubscription(teamId) {
    const { Item } = await db().send(new GetCommand({ TableName: TableName(), Key: teamSubscriptionItem.key({ teamId }), ConsistentRead: true }));
    return Item ? teamSubscriptionItem.decode(Item) : null;
  },
  async createTeamSubscription(subscription) {
    await db().send(new PutCommand(teamSubscriptionItem.put(subscription, { ConditionExpression: 'attribute_not_exists(pk)' }).Put));
  },
  async putTeamSubscription(subscription) {
    await db().send(new PutCommand(teamSubscriptionItem.put(subscription).Put));
  },
  async addSeat(seat) {
    await transact([
      { label: 'seat', item: seatItem.put(seat, { ConditionExpression: 'attribute_not_exists(pk)' }) },
      {
        label: 'seats',
        item: teamSeatsItem.update(seat, {
          UpdateExpression: 'ADD gamerSeats :one, extraSeats :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
        }),
      },
    ]);
  },
  async seatsOf(teamId) {
    const ofTeam = seatItem.key({ teamId, id: '' });
    const { items } = await query({ ...partitionQuery('table', ofTeam.pk, ofTeam.sk), ConsistentRead: true });
    return items.map(seatItem.decode);
  },
  async deleteSeat(teamId, seatId) {
    await transact([
      { label: 'seat', item: seatItem.delete({ teamId, id: seatId }, { ConditionExpression: 'attribute_exists(pk)' }) },
      {
        label: 'seats',
        // A seat can go only while one gamer seat is free: gamers < gamerSeats before the change.
        item: teamSeatsItem.update(
          { teamId },
          {
            UpdateExpression: 'ADD gamerSeats :minus, extraSeats :minus',
            ConditionExpression: 'gamers < gamerSeats',
            ExpressionAttributeValues: { ':minus': -1 },
          },
        ),
      },
    ]);
  },
};
