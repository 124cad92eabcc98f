import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '@/config/paths';
import '../account.css';

const TABS = [
  { to: paths.home.account.root, label: 'Profile', end: true },
  { to: paths.home.account.notifications, label: 'Notifications' },
  { to: paths.home.account.sharing, label: 'Sharing' },
  { to: paths.home.account.data, label: 'Data' },
  { to: paths.home.account.delete, label: 'Delete account' },
];

/** /home/account: the signed-in user's own account, one tab per sub-route (the profile at the root). */
export function AccountPage() {
  return (
    <div className="fg-page fg-account">
      <header className="fg-page__header">
        <h1>Account</h1>
        <p>Your profile, your e-mails, whom you share your reports with, and your data.</p>
      </header>
      <nav aria-label="Account" className="fg-tabs">
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end} className="fg-tabs__tab">
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
