import type { Metadata } from 'next';
import { RoleGuard } from '@/components/auth/role-guard';
import { PaymentResult } from '@/components/payment/payment-result';

export const metadata: Metadata = { title: 'Payment Success', robots: { index: false } };

export default function SuccessPage() {
  return (
    <RoleGuard>
      <PaymentResult outcome="success" />
    </RoleGuard>
  );
}
