import { useSearchParams } from 'react-router-dom';
import { RecapReportPage } from '@/features/report-sharing/components/recap-report-page';

/** /recap/reports?shareId=&acceptance=accepted|rejected&name= (public): the recipient's answer from a recap e-mail. */
export function RecapReportsRoute() {
  const [searchParams] = useSearchParams();
  return (
    <RecapReportPage shareId={searchParams.get('shareId')} acceptanceParam={searchParams.get('acceptance')} nameParam={searchParams.get('name')} />
  );
}
