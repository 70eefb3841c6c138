import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { VerifyOtpScreen } from '@/components/auth/verify-otp-form';
import { festivalTitle } from '@/lib/festival';

export const metadata: Metadata = {
  title: 'Verify your account',
  description: `Enter the six-digit code mailed to you to verify your ${festivalTitle} account.`,
  // The code step of a sign-up: its canonical address is the sign-up page (docs/decisions.md).
  alternates: { canonical: '/register' },
};

export default function OtpPage() {
  return (
    <AuthCard title="Verify your account" backTo="/register">
      <VerifyOtpScreen />
    </AuthCard>
  );
}
