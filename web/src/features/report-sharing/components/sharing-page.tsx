import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_NOT_PROVEN } from '@core/email-proof';
import { FREQUENCY_LABELS, REPORT_FREQUENCIES, SHARE_STATUS_LABELS, shareFormSchema } from '@core/report-sharing';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Heading, Text } from '@/components/ui/themed/primitives';
import { Alert } from '@/components/ui/alert/alert';
import { Button } from '@/components/ui/button/button';
import { EmailProofDialog } from '@/components/email-proof/email-proof-dialog';
import { ConfirmDialog } from '@/components/ui/dialog/choice-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormSelectField } from '@/components/ui/form/form-choice-fields';
import { FormTextField } from '@/components/ui/form/form-fields';
import { PageLoader } from '@/components/ui/page-loader';
import { useToast } from '@/components/ui/toast/toast';
import { toApiError } from '@/lib/api-client';
import { getEmailProofState } from '@/lib/email-proof';
import { formatInstant } from '@/lib/score-display';
import { type ReportShare, useMyReportShares, useShareReports, useStopSharing } from '../api/report-shares';
import '../report-sharing.css';

const FREQUENCY_OPTIONS = REPORT_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }));

type ShareForm = z.input<typeof shareFormSchema>;

/**
 * /home/account/sharing: a gamer shares his score reports with an e-mail address (a parent, a private coach), daily
 * or weekly, sees whom he shares with, and stops a share (docs/recap.md, "The gamer's page").
 */
export function SharingPage() {
  const shares = useMyReportShares();
  return (
    <div className="fg-page fg-sharing">
      <header className="fg-page__header">
        <Heading level={1}>Share your reports</Heading>
        <Text>
          Send your FG Score, readiness and pillars by e-mail to someone who follows your progress. They get a first report explaining who shares it,
          and can keep receiving it or unsubscribe from any report.
        </Text>
      </header>
      <ShareFormSection />
      <section aria-labelledby="fg-sharing-list" className="fg-sharing__list">
        <Heading level={2} id="fg-sharing-list">
          Shared with
        </Heading>
        {shares.isPending ? (
          <PageLoader label="Loading your shares…" />
        ) : shares.isError ? (
          <Alert variation="error" heading="Your shares could not be loaded">
            {toApiError(shares.error).message}{' '}
            <Button size="small" onClick={() => void shares.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : shares.data.length === 0 ? (
          <EmptyState title="You do not share your reports yet" description="Add an e-mail above to send your reports daily or weekly." />
        ) : (
          <ul className="fg-sharing__shares">
            {shares.data.map((share) => (
              <ShareRow key={share.id} share={share} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ShareFormSection() {
  const toast = useToast();
  const form = useForm<ShareForm, unknown, z.output<typeof shareFormSchema>>({
    resolver: zodResolver(shareFormSchema),
    defaultValues: { email: '', frequency: 'DAILY' },
  });
  const [serverError, setServerError] = useState<string | null>(null);
  // Sharing needs a proven mailbox (docs/recap.md): a refusal for it opens the code dialog, then shares again.
  const [proof, setProof] = useState<{ email: string; reason: string; share: z.output<typeof shareFormSchema> } | null>(null);
  const { errors, isSubmitting } = form.formState;
  // The shares are read again after these, before the submission ends.
  const shareReports = useShareReports({
    onSuccess: (share, { frequency }) => {
      toast.success(`Your ${FREQUENCY_LABELS[share.frequency].toLowerCase()} report is shared with ${share.email}.`);
      form.reset({ email: '', frequency });
    },
  });

  const shareWith = async ({ email, frequency }: z.output<typeof shareFormSchema>) => {
    setServerError(null);
    try {
      await shareReports.mutateAsync({ email, frequency });
    } catch (error) {
      const refusal = toApiError(error);
      const state = refusal.errorType === EMAIL_NOT_PROVEN ? await getEmailProofState().catch(() => null) : null;
      if (state) setProof({ email: state.email, reason: refusal.message, share: { email, frequency } });
      else setServerError(refusal.message);
    }
  };
  const onSubmit = form.handleSubmit(shareWith);

  return (
    <form className="fg-sharing__form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Share your reports">
      <FormTextField label="E-mail" type="email" autoComplete="off" registration={form.register('email')} error={errors.email?.message} />
      <FormSelectField
        label="Frequency"
        autoComplete="off"
        options={FREQUENCY_OPTIONS}
        registration={form.register('frequency')}
        error={errors.frequency?.message}
      />
      <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Sharing…">
        Share
      </Button>
      {serverError ? (
        <Text role="alert" color="font.error">
          {serverError}
        </Text>
      ) : null}
      {proof ? (
        <EmailProofDialog
          open
          email={proof.email}
          reason={proof.reason}
          onClose={() => setProof(null)}
          onProven={() => {
            setProof(null);
            void shareWith(proof.share);
          }}
        />
      ) : null}
    </form>
  );
}

function ShareRow({ share }: { share: ReportShare }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  // The shares are read again after onSuccess.
  const stop = useStopSharing(share, {
    onSuccess: () => {
      setConfirming(false);
      toast.success(`You no longer share your reports with ${share.email}.`);
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(toApiError(error).message);
    },
  });
  return (
    <li className="fg-sharing__share">
      <div className="fg-sharing__share-text">
        <Text fontWeight="bold">{share.email}</Text>
        <Text fontSize="small">
          {FREQUENCY_LABELS[share.frequency]} · {share.status === 'STOPPED' ? 'Stopped' : SHARE_STATUS_LABELS[share.status]}
          {share.lastSentAt ? ` · last report ${formatInstant(share.lastSentAt)}` : ' · first report soon'}
        </Text>
      </div>
      <Button size="small" onClick={() => setConfirming(true)} aria-label={`Stop sharing with ${share.email}`}>
        Stop sharing
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Stop sharing"
        onAccept={() => stop.mutate()}
        onDecline={() => setConfirming(false)}
        busy={stop.isPending}
      >
        Stop sending your reports to {share.email}? They will receive no more reports.
      </ConfirmDialog>
    </li>
  );
}
