/** Route paths that more than one module links to. */
export const paths = {
  root: '/',
  auth: { login: '/auth/login' },
} as const;
