import { PageLoader } from '@/components/ui/page-loader';

/** The full-page loader that covers a screen while a payment is under way (SPEC.md part 4). */
export function PaymentOverlay({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <div className="fixed inset-0 z-[90]">
      <PageLoader label="Payment in progress" />
    </div>
  );
}
