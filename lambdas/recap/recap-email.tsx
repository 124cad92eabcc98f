import { Body, Column, Container, Head, Heading, Hr, Html, Link, Preview, Row, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { PILLARS, type PillarSlug } from '@core/pillars';
import { FREQUENCY_LABELS, type ReportFrequency, recapLink, SCORE_EXPLANATION, SOCIAL_LINKS, SUPPORT_EMAIL } from '@core/report-sharing';
import { readinessTier } from '@core/scoring';
import type { MailMessage } from '../lib/mail';

/** What one recap e-mail shows (docs/recap.md). */
interface RecapContent {
  appUrl: string;
  shareId: string;
  recipient: string;
  /** The gamer's first name once the recipient kept the reports; null before (the mail then names no one). */
  gamerName: string | null;
  frequency: ReportFrequency;
  /** The FG Score now, and the one the previous recap showed (null: none, or no score then). */
  score: number | null;
  previousScore: number | null;
  /** The first recap to a recipient who has not answered yet says who shares what. */
  introduction: boolean;
  /** The gamer's latest check-in day and its pillar scores (null: no check-in yet). */
  pillarsDay: string | null;
  pillars: { pillarSlug: PillarSlug; score: number | null }[];
}

/** Who shares, as the mail says it: no name before the recipient kept the reports. */
const ANONYMOUS_SHARER = 'A FitGauge player';

const shown = (score: number | null) => (score === null ? '–' : String(Math.round(score)));

/** "+4 since the last report", "no change…", or nothing to compare with. */
function changeText({ score, previousScore }: Pick<RecapContent, 'score' | 'previousScore'>): string {
  if (score === null || previousScore === null) return 'This is the first report with a score to compare.';
  const change = Math.round(score) - Math.round(previousScore);
  if (change === 0) return 'No change since the last report.';
  return `${change > 0 ? '+' : ''}${change} since the last report (${Math.round(previousScore)}).`;
}

const colours = { page: '#0b0f17', card: '#151b26', text: '#e5e7eb', muted: '#9ca3af', accent: '#38bdf8' };
const paragraph = { color: colours.text, fontSize: '15px', lineHeight: '22px' };
const muted = { ...paragraph, color: colours.muted, fontSize: '13px' };

function RecapEmail(content: RecapContent) {
  const { gamerName, frequency, score } = content;
  // The FG Score reads in readiness tiers wherever it is shown (docs/scoring.md, "Tiers and labels").
  const label = readinessTier(score) ?? 'No data';
  // The spec's link carries a name: the one the mail shows.
  const keepLink = recapLink(content.appUrl, content.shareId, 'ACCEPTED', gamerName ?? ANONYMOUS_SHARER);
  const stopLink = recapLink(content.appUrl, content.shareId, 'REJECTED', gamerName ?? ANONYMOUS_SHARER);
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${gamerName ? `${gamerName}'s` : 'The'} FG Score: ${shown(score)} (${label})`}</Preview>
      <Body style={{ backgroundColor: colours.page, fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 }}>
        <Container style={{ backgroundColor: colours.card, padding: '24px', borderRadius: '12px', maxWidth: '560px' }}>
          <Heading as="h1" style={{ color: colours.text, fontSize: '22px' }}>
            {`${FREQUENCY_LABELS[frequency]} FitGauge report for ${gamerName ?? ANONYMOUS_SHARER.toLowerCase()}`}
          </Heading>
          {content.introduction ? (
            <Text style={paragraph}>
              {`${gamerName ?? ANONYMOUS_SHARER} shares their FitGauge score reports with ${content.recipient}, ${frequency === 'DAILY' ? 'every day' : 'every week'}: their FG Score, game readiness and five wellness pillars. Choose below whether to keep receiving them.${gamerName ? '' : ' Their first name is shown once you keep them.'}`}
            </Text>
          ) : null}
          <Section>
            <Text style={{ ...paragraph, fontSize: '40px', lineHeight: '44px', margin: '8px 0' }}>{shown(score)}</Text>
            <Text style={paragraph}>{`FG Score: ${label}`}</Text>
            <Text style={muted}>{changeText(content)}</Text>
          </Section>
          <Section>
            <Text style={paragraph}>{content.pillarsDay ? `Pillars on ${content.pillarsDay}` : 'Pillars: no check-in yet'}</Text>
            {PILLARS.map((pillar) => (
              <Row key={pillar.slug}>
                <Column style={{ width: '16px' }}>
                  <div style={{ width: '12px', height: '12px', borderRadius: '6px', backgroundColor: pillar.colour.hex }} />
                </Column>
                <Column>
                  <Text style={{ ...paragraph, margin: '4px 0', color: pillar.colour.hex }}>
                    {`${pillar.label}: ${shown(content.pillars.find((entry) => entry.pillarSlug === pillar.slug)?.score ?? null)}`}
                  </Text>
                </Column>
              </Row>
            ))}
          </Section>
          <Hr />
          <Section>
            <Text style={paragraph}>What the score means</Text>
            <Text style={muted}>{SCORE_EXPLANATION.intro}</Text>
            <Text style={muted}>{`Readiness tiers: ${SCORE_EXPLANATION.tiers.map((t) => `${t.name} (${t.range})`).join('; ')}.`}</Text>
            <Text style={muted}>{`Score labels: ${SCORE_EXPLANATION.labels.map((l) => `${l.name} (${l.range})`).join('; ')}.`}</Text>
          </Section>
          <Hr />
          <Section>
            <Text style={paragraph}>
              <Link href={keepLink} style={{ color: colours.accent }}>
                Keep receiving these reports
              </Link>
            </Text>
            <Text style={paragraph}>
              <Link href={stopLink} style={{ color: colours.accent }}>
                Unsubscribe
              </Link>
            </Text>
            <Text style={muted}>
              {'Questions? '}
              <Link href={`mailto:${SUPPORT_EMAIL}`} style={{ color: colours.accent }}>
                {SUPPORT_EMAIL}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The recap as a message: HTML and its plain-text part, both with the two links. */
export async function recapMessage(content: RecapContent): Promise<MailMessage> {
  const element = <RecapEmail {...content} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  const socials = SOCIAL_LINKS.map((social) => `${social.name}: ${social.url}`).join('\n');
  return {
    to: content.recipient,
    subject: `${content.gamerName ? `${content.gamerName}'s` : `${ANONYMOUS_SHARER}'s`} FitGauge report: FG Score ${shown(content.score)} (${readinessTier(content.score) ?? 'No data'})`,
    html,
    text: `${text}\n\n${socials}\n`,
  };
}
