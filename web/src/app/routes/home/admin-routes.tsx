export { AdminRoutes } from '@/features/auth/components/require-session';
