/** Route paths that more than one module links to. */
export const paths = {
  root: '/',
  auth: { login: '/auth/login' },
  /** The UI kit's showcase (admins). */
  uiKit: '/home/ui',
} as const;
