import {
  EXTRA_GAMER_SEAT,
  EXTRA_GAMER_SEAT_PRODUCT_ID,
  formatPrice,
  subscriptionConfigs,
  TEAM_PLAN,
  YEARLY_SAVINGS_BADGE,
  type BillingInterval,
  type SubscriptionConfig,
} from '@core/billing/plans';
import { useState } from 'react';
import { Badge, Card, Flex, Heading, Text, ToggleButton, ToggleButtonGroup } from '@/components/ui/themed/primitives';
import { Button } from '@/components/ui/button/button';
import { PurchaseFlow } from './purchase-flow';

/** Where Enterprise enquiries go (CONTACT SALES opens a mail to it). */
const SALES_EMAIL = 'sales@fitgauge.app';

interface PricingPlansProps {
  /** Signed out, BUY NOW calls onSignUp instead of buying (sign-up comes back to /pricing). */
  signedIn: boolean;
  /** A renewal or extra seats for this team (`/pricing?teamId=`). */
  teamId: string | null;
  /** After Payment successful!: a team's purchase (renewal, seats) or a first dashboard. */
  onPurchased: (purchase: { teamId: string | null }) => void;
  onSignOut: () => void;
  onSignUp: () => void;
}

const configFor = (interval: BillingInterval): SubscriptionConfig => subscriptionConfigs.find((config) => config.type === interval)!;
const priceOf = (config: SubscriptionConfig, prices: SubscriptionConfig['price'] | undefined) =>
  prices ? (config.type === 'year' ? prices.yearly : prices.monthly) : undefined;

/**
 * The pricing page (docs/billing.md, "The web app"): the team performance plan (monthly or yearly, yearly first, SAVE
 * 16%, previous prices struck through, BUY NOW) and the Enterprise card (CONTACT SALES). With a team, its renewal and
 * extra seats.
 */
export function PricingPlans({ signedIn, teamId, onPurchased, onSignOut, onSignUp }: PricingPlansProps) {
  const [interval, setInterval] = useState<BillingInterval>('year');
  const [buying, setBuying] = useState<{ productId: string; quantity: number | null; planType: string; item: string } | null>(null);
  const config = configFor(interval);
  const previous = priceOf(config, config.previousPrice);

  /** `item`: what is bought, in words, repeated by the purchase's dialogs with what it costs. */
  const buy = (productId: string, planType: string, item: string, quantity: number | null = null) => {
    if (!signedIn) return onSignUp();
    setBuying({ productId, quantity, planType, item });
  };

  return (
    <div className="fg-pricing">
      <Heading level={1}>{teamId ? 'Renew your team dashboard' : 'Pricing'}</Heading>
      <div className="fg-pricing__cards">
        <Card variation="outlined" className="fg-pricing__card">
          <Heading level={2}>{config.name}</Heading>
          <Text color="font.secondary">{TEAM_PLAN.productName}</Text>
          <ToggleButtonGroup
            value={interval}
            isExclusive
            isSelectionRequired
            onChange={(value) => setInterval(value as BillingInterval)}
            aria-label="Billing period"
            size="small"
          >
            <ToggleButton value="month">Monthly</ToggleButton>
            <ToggleButton value="year">Yearly</ToggleButton>
          </ToggleButtonGroup>
          {interval === 'year' ? <Badge variation="success">{YEARLY_SAVINGS_BADGE}</Badge> : null}
          <p className="fg-pricing__price">
            {previous !== undefined ? <s aria-label={`Previous price ${formatPrice(previous)}`}>{formatPrice(previous)}</s> : null}{' '}
            <strong>{formatPrice(priceOf(config, config.price))}</strong> / {interval === 'year' ? 'year' : 'month'}
          </p>
          <ul className="fg-pricing__features">
            <li>
              Includes {TEAM_PLAN.includedGamerSeats} gamer accounts, {TEAM_PLAN.includedDirectorSeats} Director and {TEAM_PLAN.includedCoachSeats}{' '}
              Coach account
            </li>
            <li>Additional gamer accounts {formatPrice(EXTRA_GAMER_SEAT.monthlyPriceCents)} per month each</li>
            <li>Ideal for {TEAM_PLAN.idealFor}</li>
          </ul>
          <Button
            variation="primary"
            onClick={() =>
              buy(
                config.id,
                config.type,
                `${config.name}, ${formatPrice(priceOf(config, config.price))} a ${config.type === 'year' ? 'year' : 'month'}`,
              )
            }
          >
            BUY NOW
          </Button>
        </Card>
        {teamId ? (
          <ExtraSeatsCard
            onBuy={(quantity) =>
              buy(
                EXTRA_GAMER_SEAT_PRODUCT_ID,
                'month',
                `${quantity} ${EXTRA_GAMER_SEAT.productName.toLowerCase()}${quantity === 1 ? '' : 's'}, ${formatPrice(EXTRA_GAMER_SEAT.monthlyPriceCents * quantity)} a month`,
                quantity,
              )
            }
          />
        ) : null}
        <Card variation="outlined" className="fg-pricing__card">
          <Heading level={2}>Enterprise</Heading>
          <Text>For organisations with many teams: volume pricing, onboarding and support tailored to you.</Text>
          <a className="amplify-button amplify-button--outlined" href={`mailto:${SALES_EMAIL}?subject=${encodeURIComponent('FitGauge Enterprise')}`}>
            CONTACT SALES
          </a>
        </Card>
      </div>
      {buying ? (
        <PurchaseFlow
          purchase={{ productId: buying.productId, teamId, quantity: buying.quantity }}
          planType={buying.planType}
          item={buying.item}
          onPurchased={() => {
            setBuying(null);
            onPurchased({ teamId });
          }}
          onSignOut={onSignOut}
          onClose={() => setBuying(null)}
        />
      ) : null}
    </div>
  );
}

/** Extra gamer seats for the team of `/pricing?teamId=`, bought as the quantity of its seat subscription. */
function ExtraSeatsCard({ onBuy }: { onBuy: (quantity: number) => void }) {
  const [quantity, setQuantity] = useState(1);
  return (
    <Card variation="outlined" className="fg-pricing__card">
      <Heading level={2}>{EXTRA_GAMER_SEAT.productName}s</Heading>
      <p className="fg-pricing__price">
        <strong>{formatPrice(EXTRA_GAMER_SEAT.monthlyPriceCents)}</strong> / month each
      </p>
      <Flex direction="column" gap="xs">
        <label htmlFor="fg-extra-seats">Seats</label>
        <input
          id="fg-extra-seats"
          className="amplify-input"
          type="number"
          min={1}
          max={100}
          value={quantity}
          onChange={(event) => setQuantity(Math.min(100, Math.max(1, Number(event.target.value) || 1)))}
        />
      </Flex>
      <Button onClick={() => onBuy(quantity)}>BUY SEATS</Button>
    </Card>
  );
}
