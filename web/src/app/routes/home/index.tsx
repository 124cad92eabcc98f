export { HomeRedirect as HomeIndex } from '@/features/auth/components/require-session';
