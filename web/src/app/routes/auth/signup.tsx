export { SignUpPage } from '@/features/auth/components/signup-page';
