import { Alert } from '@/components/ui/alert/alert';
import { Button } from '@/components/ui/button/button';
import { useToast } from '@/components/ui/toast/toast';
import { useDownloadDataExport } from '../api/data-export';

const EXPORT_READY = 'Your data is downloading.';

/** /home/account/data: everything stored about the user as a zip of JSON and CSV files, built in the browser. */
export function DataTab() {
  const toast = useToast();
  const exportData = useDownloadDataExport({ onSuccess: () => toast.success(EXPORT_READY) });
  return (
    <section aria-labelledby="fg-account-data">
      <h2 id="fg-account-data">Your data</h2>
      <p>
        Download everything FitGauge stores about you: your profile, team memberships and invites, every answer of your check-ins, your day scores,
        notifications, shares and payments, as JSON and CSV files in one zip archive.
      </p>
      {exportData.error ? (
        <Alert variation="error" heading="The export failed" role="alert">
          {exportData.error.message}
        </Alert>
      ) : null}
      <div className="fg-account__actions">
        <Button variation="primary" onClick={() => exportData.mutate()} isLoading={exportData.isPending} loadingText="Preparing your data…">
          Download my data
        </Button>
      </div>
    </section>
  );
}
