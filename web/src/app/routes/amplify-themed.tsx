import { Outlet } from 'react-router-dom';
import { AmplifyTheme } from '@/components/ui/amplify-theme';

/**
 * Layout route around the pages drawn with Amplify UI's own components: Amplify UI's theme provider loads with them,
 * once for the group, so the frame and the other pages load none of Amplify UI (docs/performance.md).
 */
export function AmplifyThemed() {
  return (
    <AmplifyTheme>
      <Outlet />
    </AmplifyTheme>
  );
}
