import { useEffect } from 'react';
import { acceptanceOfLink, type ReportFrequency, SCORE_EXPLANATION, shareIdSchema, SOCIAL_LINKS, SUPPORT_EMAIL } from '@core/report-sharing';
import { Heading, Text } from '@/components/ui/themed/primitives';
import { PublicLayout } from '@/components/layouts/public-layout';
import { PageLoader } from '@/components/ui/page-loader';
import { toApiError } from '@/lib/api-client';
import { useShareActivation } from '../api/share-activation';
import '../report-sharing.css';

/** Refusals that mean the link itself is wrong (its share is unknown, gone or its id malformed). */
const LINK_REFUSALS = new Set(['NotFound', 'ValidationError']);

/**
 * /recap/reports?shareId=&acceptance=accepted|rejected&name= (public; docs/recap.md, "The landing page"): the
 * recipient's answer from a recap e-mail is applied on load. Accepted shows the report confirmation and what the score
 * means, anything else the unsubscribe confirmation; both with support and social links. A link that is not valid
 * changes nothing and says so calmly; other errors are only logged.
 */
export function RecapReportPage({
  shareId,
  acceptanceParam,
  nameParam,
}: {
  shareId: string | null;
  acceptanceParam: string | null;
  nameParam: string | null;
}) {
  const acceptance = acceptanceOfLink(acceptanceParam);
  const validId = shareIdSchema.safeParse(shareId ?? '');
  const activation = useShareActivation(validId.data, acceptance);
  const linkRefused = activation.isError && LINK_REFUSALS.has(toApiError(activation.error).errorType ?? '');
  useEffect(() => {
    if (activation.error) console.error('Report activation failed', activation.error);
  }, [activation.error]);

  let content;
  if (!validId.success || linkRefused) content = <InvalidLink />;
  else if (activation.isPending) content = <PageLoader label="Saving your choice…" />;
  else {
    const gamerName = activation.data?.gamerName ?? (nameParam?.trim() || 'the gamer');
    content =
      acceptance === 'ACCEPTED' ? (
        <Subscribed gamerName={gamerName} frequency={activation.data?.frequency ?? 'DAILY'} />
      ) : (
        <Unsubscribed gamerName={gamerName} />
      );
  }
  return (
    <PublicLayout>
      <div className="fg-recap">
        {content}
        <ContactLinks />
      </div>
    </PublicLayout>
  );
}

function Subscribed({ gamerName, frequency }: { gamerName: string; frequency: ReportFrequency }) {
  const period = frequency === 'WEEKLY' ? 'weekly' : 'daily';
  return (
    <>
      <Heading level={1}>{`You're subscribed to ${gamerName}'s ${period} report`}</Heading>
      <Text>{`You will keep receiving ${gamerName}'s FitGauge ${period} report by e-mail. Every report has a link to unsubscribe.`}</Text>
      <section aria-labelledby="fg-recap-explanation" className="fg-recap__explanation">
        <Heading level={2} id="fg-recap-explanation">
          What the score means
        </Heading>
        <Text>{SCORE_EXPLANATION.intro}</Text>
        <ExplanationList title="Readiness tiers" entries={SCORE_EXPLANATION.tiers} />
        <ExplanationList title="Score labels" entries={SCORE_EXPLANATION.labels} />
      </section>
    </>
  );
}

function ExplanationList({ title, entries }: { title: string; entries: readonly { name: string; range: string }[] }) {
  return (
    <>
      <Heading level={3}>{title}</Heading>
      <ul>
        {entries.map((entry) => (
          <li key={entry.name}>
            <strong>{entry.name}</strong>: {entry.range}
          </li>
        ))}
      </ul>
    </>
  );
}

function Unsubscribed({ gamerName }: { gamerName: string }) {
  return (
    <>
      <Heading level={1}>You're unsubscribed</Heading>
      <Text>{`You will no longer receive ${gamerName}'s FitGauge reports.`}</Text>
    </>
  );
}

function InvalidLink() {
  return (
    <>
      <Heading level={1}>This link is no longer valid</Heading>
      <Text>Nothing was changed. The report may have been stopped by the gamer who shared it.</Text>
    </>
  );
}

function ContactLinks() {
  return (
    <footer className="fg-recap__contact">
      <Text>
        Questions? Contact support at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </Text>
      <nav aria-label="FitGauge on social media">
        <ul className="fg-recap__socials">
          {SOCIAL_LINKS.map((social) => (
            <li key={social.name}>
              <a href={social.url} target="_blank" rel="noreferrer">
                {social.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
