import { paths } from '@/config/paths';

/** Pages a team is entered from: choosing a team there opens its Analytics (docs/product.md, "Team selection"). */
const ENTRY_PAGES = [paths.home.managerPortal, paths.home.coachPortal, paths.home.noTeam];

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export const isTeamEntryPage = (pathname: string) => ENTRY_PAGES.includes(withoutTrailingSlash(pathname) as (typeof ENTRY_PAGES)[number]);
