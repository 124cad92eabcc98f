/**
 * The sign-in page's calls over the session operations (auth-api.ts). It is the first page, and its budget
 * (docs/performance.md, "Page weight") has no room for TanStack's mutation observer: these hooks hand the page the call
 * itself, which fails at once offline (no waiting for the connection), and the page keeps its own busy state.
 */
import { logInUserWithDiscord, loginUser } from './auth-api';

/** Signs in with e-mail and password; resolves to the new session's grant. */
export const useLogin = () => loginUser;

/** Trades the code Discord sent back for a session; resolves to its grant. */
export const useDiscordLogin = () => logInUserWithDiscord;
