import { Outlet } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { ApiStatus } from '@/features/system/components/api-status';

/** Layout of the public account pages (/auth/*): brand, one centred card, and whether the API answers. */
export function AuthRoot() {
  return (
    <PublicLayout footer={<ApiStatus />}>
      <Outlet />
    </PublicLayout>
  );
}
