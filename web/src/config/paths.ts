/** Route paths that more than one module links to. */
export const paths = {
  root: '/',
  auth: { login: '/auth/login' },
  home: '/home',
} as const;
