import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { RegisterForm } from '@/components/auth/register-form';
import { festivalTitle } from '@/lib/festival';

export const metadata: Metadata = {
  title: 'Register',
  description: `Create your ${festivalTitle} account to register for events, buy merchandise and book accommodation.`,
  alternates: { canonical: '/register' },
};

export default function RegisterPage() {
  return (
    <AuthCard title="Create your magical journey" wide>
      <RegisterForm />
    </AuthCard>
  );
}
