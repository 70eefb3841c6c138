import type { Metadata } from 'next';
import { RoleGuard } from '@/components/auth/role-guard';
import { PaymentResult } from '@/components/payment/payment-result';

export const metadata: Metadata = { title: 'Payment Failure', robots: { index: false } };

export default function FailurePage() {
  return (
    <RoleGuard>
      <PaymentResult outcome="failure" />
    </RoleGuard>
  );
}
