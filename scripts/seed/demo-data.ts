/**
 * The demo accounts and teams that `npm start` promises (docs/local-mode.md).
 * Fixed team and invite ids keep the demo the same after every reset.
 */
import type { Role } from '@core/roles';
import type { MemberRole } from '../../lambdas/lib/stores/team-store';

export const DEMO_PASSWORD = 'Passw0rd!';

export interface DemoAccount {
  email: string;
  role: Role;
  fullName: string;
  username: string;
}

const account = (email: string, role: Role, fullName: string): DemoAccount => ({
  email,
  role,
  fullName,
  username: email.split('@')[0],
});

const gamerNames = ['Ava Reyes', 'Ben Okafor', 'Chloe Martin', 'Diego Silva', 'Emma Novak', 'Felix Wong', 'Grace Kim', 'Hugo Lambert'];

export const demoAccounts: DemoAccount[] = [
  account('superadmin@fitgauge.test', 'SUPERADMIN', 'Sara Admin'),
  account('admin@fitgauge.test', 'ADMIN', 'Alex Admin'),
  account('director@fitgauge.test', 'DIRECTOR', 'Dana Director'),
  account('coach@fitgauge.test', 'COACH', 'Chris Coach'),
  account('newcoach@fitgauge.test', 'COACH', 'Nora Newcoach'),
  ...gamerNames.map((name, i) => account(`gamer${i + 1}@fitgauge.test`, 'GAMER', name)),
  account('solo@fitgauge.test', 'GAMER', 'Sol Solo'),
  account('expired@fitgauge.test', 'DIRECTOR', 'Eli Expired'),
  account('sloth1@fitgauge.test', 'GAMER', 'Sam Sloth'),
  account('sloth2@fitgauge.test', 'GAMER', 'Sid Sloth'),
];

export interface DemoTeam {
  id: string;
  name: string;
  game: string;
  description: string;
  ownerEmail: string;
  members: { email: string; role: MemberRole }[];
  pendingInvites: { id: string; email: string; name: string; role: MemberRole }[];
  /** The team-dashboard subscription has ended (team selection then prompts to renew). */
  subscriptionExpired?: boolean;
  /** How a running subscription was bought, in the Stripe stand-in (the owner's card ends in 4242). */
  plan?: { configId: 'coach-performance-monthly' | 'coach-performance-yearly'; coupon?: string };
}

const gamers = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ email: `gamer${from + i}@fitgauge.test`, role: 'GAMER' as const }));

export const demoTeams: DemoTeam[] = [
  {
    id: '6f1c2a9e-0b1d-4c57-9a43-4e2d8f0a1b01',
    name: 'Night Owls',
    game: 'Valorant',
    description: 'Varsity Valorant roster',
    ownerEmail: 'director@fitgauge.test',
    members: [{ email: 'coach@fitgauge.test', role: 'COACH' }, ...gamers(1, 5)],
    pendingInvites: [],
    plan: { configId: 'coach-performance-yearly', coupon: 'WELCOME20' },
  },
  {
    id: '0d7b5e34-8c2f-4f4a-b1e6-9a5c3d2e1f02',
    name: 'Iron Wolves',
    game: 'League of Legends',
    description: 'League of Legends squad',
    ownerEmail: 'director@fitgauge.test',
    members: gamers(6, 8),
    pendingInvites: [{ id: 'c3a9e1f0-5d2b-4e8a-9f17-2b6d4c8e0a03', email: 'newcoach@fitgauge.test', name: 'Nora Newcoach', role: 'COACH' }],
    plan: { configId: 'coach-performance-monthly' },
  },
  {
    id: '9b2e4d61-3f7a-4c08-8e5d-1a6c2f9b7e04',
    name: 'Sleepy Sloths',
    game: 'Fortnite',
    description: 'Fortnite duo whose dashboard subscription has ended',
    ownerEmail: 'expired@fitgauge.test',
    members: [
      { email: 'sloth1@fitgauge.test', role: 'GAMER' },
      { email: 'sloth2@fitgauge.test', role: 'GAMER' },
    ],
    pendingInvites: [],
    subscriptionExpired: true,
  },
];

/** Each demo team has a team-dashboard subscription: bought in the Stripe stand-in (plan), or expired. */
export const DEMO_SUBSCRIPTION_PRODUCT = 'Team Dashboard';

/** Redeemed on /coupon (docs/local-mode.md): the coupon score reports for it list these gamers. */
export const DEMO_COUPON_REDEEMERS = { coupon: 'WELCOME20', emails: ['gamer6@fitgauge.test', 'gamer7@fitgauge.test', 'gamer8@fitgauge.test'] };

/** The coupon of the spread's coupon payments below (not WELCOME20, whose reports list only its redeemers above). */
export const DEMO_SPREAD_COUPON = 'FULLPASS';

/** Payments beside the subscriptions, for the admin payments page: every method and status over the last months. */
export const DEMO_PAYMENTS: {
  email: string;
  method: 'card' | 'coupon' | 'manual' | 'ios-appstore' | 'android-playstore';
  status: 'active' | 'canceled' | 'expired';
  monthsAgo: number;
  frequency: 'monthly' | 'yearly';
}[] = [
  { email: 'gamer1@fitgauge.test', method: 'ios-appstore', status: 'active', monthsAgo: 1, frequency: 'monthly' },
  { email: 'gamer2@fitgauge.test', method: 'android-playstore', status: 'active', monthsAgo: 2, frequency: 'yearly' },
  { email: 'gamer3@fitgauge.test', method: 'manual', status: 'active', monthsAgo: 0, frequency: 'yearly' },
  { email: 'gamer4@fitgauge.test', method: 'ios-appstore', status: 'canceled', monthsAgo: 4, frequency: 'monthly' },
  { email: 'gamer5@fitgauge.test', method: 'android-playstore', status: 'expired', monthsAgo: 5, frequency: 'monthly' },
  { email: 'solo@fitgauge.test', method: 'card', status: 'canceled', monthsAgo: 3, frequency: 'monthly' },
  { email: 'solo@fitgauge.test', method: 'coupon', status: 'expired', monthsAgo: 6, frequency: 'monthly' },
  { email: 'sloth1@fitgauge.test', method: 'manual', status: 'expired', monthsAgo: 3, frequency: 'monthly' },
  { email: 'coach@fitgauge.test', method: 'card', status: 'active', monthsAgo: 1, frequency: 'monthly' },
];
