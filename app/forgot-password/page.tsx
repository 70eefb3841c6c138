import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { festivalTitle } from '@/lib/festival';

export const metadata: Metadata = {
  title: 'Forgot password',
  description: `Request a code to reset the password of your ${festivalTitle} account.`,
  alternates: { canonical: '/forgot-password' },
};

export default function ForgotPasswordPage() {
  return (
    <AuthCard title="Reset your password" backTo="/login">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
