import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { ResetPasswordScreen } from '@/components/auth/reset-password-form';
import { festivalTitle } from '@/lib/festival';

export const metadata: Metadata = {
  title: 'Set a new password',
  description: `Enter the code from your mail and choose a new password for your ${festivalTitle} account.`,
  // The second step of a password reset: its canonical address is the first (docs/decisions.md).
  alternates: { canonical: '/forgot-password' },
};

export default function ResetPasswordPage() {
  return (
    <AuthCard title="Set a new password" backTo="/forgot-password">
      <ResetPasswordScreen />
    </AuthCard>
  );
}
