import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { LoginForm } from '@/components/auth/login-form';
import { festivalTitle } from '@/lib/festival';

export const metadata: Metadata = {
  title: 'Login',
  description: `Log in to your ${festivalTitle} account to register for events and see your profile.`,
  alternates: { canonical: '/login' },
};

export default function LoginPage() {
  return (
    <AuthCard title="Welcome back, wizard">
      <LoginForm />
    </AuthCard>
  );
}
