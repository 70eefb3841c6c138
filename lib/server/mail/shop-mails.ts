import 'server-only';
import { festivalTitle, venueLine } from '@/lib/festival';
import { formatPrice } from '@/lib/money';
import type { MailMessage } from './mail-service';
import { messageWithPass, type PassMailPart } from './pass-mail';

export function merchandiseOrderMail(
  to: { email: string; fullName: string },
  order: {
    productName: string;
    lines: { size: string; qty: number; totalPaise: number }[];
    totalPaise: number;
  },
): MailMessage {
  return messageWithPass(to.email, `${festivalTitle}: your merchandise order is confirmed`, [
    `Hello ${to.fullName},`,
    '',
    `Thank you for your order of ${order.productName}:`,
    ...order.lines.map((l) => `  - Size ${l.size} × ${l.qty}: ${formatPrice({ paise: l.totalPaise })}`),
    `Total paid: ${formatPrice({ paise: order.totalPaise })}`,
    '',
    'Collect it at the merchandise desk during the festival with this mail and a photo ID.',
  ]);
}

export function accommodationBookingMail(
  to: { email: string; fullName: string },
  booking: { type: string; startDate: string; endDate: string; nights: number; amountPaise: number },
  pass?: PassMailPart | null,
): MailMessage {
  return messageWithPass(
    to.email,
    `${festivalTitle}: your accommodation is booked`,
    [
      `Hello ${to.fullName},`,
      '',
      `Your stay is confirmed: ${booking.type}, ${booking.nights} night${booking.nights === 1 ? '' : 's'}.`,
      `Check-in: ${booking.startDate}, not before 3:00 P.M. (no accommodation before 3:00 P.M. on 20th February).`,
      `Check-out: ${booking.endDate}, before 9:00 A.M. (check-out before 9:00 A.M. on 24th February at the latest).`,
      `Paid: ${formatPrice({ paise: booking.amountPaise })}. Accommodation passes are non-refundable.`,
      'Rooms are assigned as allocated by the hospitality team and cannot be changed.',
      `Bring the identity proof you uploaded. Address: ${venueLine()}.`,
    ],
    pass,
  );
}
