import { PublicLayout } from '@/components/layouts/public-layout';
import { SimulatorPage } from '@/features/simulator/components/simulator-page';

/** /simulator: the public score simulator, open without signing in. */
export function SimulatorRoute() {
  return (
    <PublicLayout variant="page">
      <SimulatorPage />
    </PublicLayout>
  );
}
