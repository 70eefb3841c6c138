import type { Metadata } from 'next';
import { festival, festivalTitle } from '@/lib/festival';

export const metadata: Metadata = {
  title: 'Terms And Condition',
  description: `Refunds, behaviour, entry, cancellation, payment, liability and privacy rules of ${festival.name}.`,
  alternates: { canonical: '/terms-and-condition' },
};

const sections: { title: string; points: string[] }[] = [
  {
    title: 'No refund',
    points: [
      'Tickets and registrations for CEP, OAT, LT and Canteen events are non-refundable.',
      'If you were charged twice for the same purchase, a refund of the extra payment is considered only after the fest, and only with proof of both payments.',
    ],
  },
  {
    title: 'Behaviour',
    points: [
      'Treat participants, volunteers, performers and staff with respect; harassment, violence and substance abuse are not tolerated.',
      'Follow the instructions of organisers and security at every venue.',
    ],
  },
  {
    title: 'Entry and ID',
    points: [
      'Entry to the campus and every event needs a valid festival pass and a government-issued photo ID.',
      'Passes are personal and may be checked at any time.',
    ],
  },
  {
    title: 'Cancellation',
    points: [
      'A team event that lacks its required number of participants is cancelled, and the registration fee is refunded in full.',
      'The organisers may reschedule or cancel an event for safety or unforeseen reasons and will announce it on this site.',
    ],
  },
  {
    title: 'Payment',
    points: [
      'Payments are made online through a payment gateway using UPI, debit card, credit card or net banking.',
      'A registration or purchase is confirmed only when the payment succeeds and a confirmation reaches your e-mail.',
    ],
  },
  {
    title: 'Liability',
    points: [
      'The organisers are not responsible for personal belongings lost or damaged during the festival.',
      'Failing to follow these terms may mean removal from the event or the campus without a refund.',
    ],
  },
  {
    title: 'Privacy',
    points: [
      'Personal data you give us is collected for event management only.',
      'We do not sell your personal data or share it with anyone except as needed to run the festival.',
    ],
  },
];

export default function TermsPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 pb-24 pt-24">
      <h1 className="text-center font-display text-4xl tracking-widest text-gold sm:text-5xl">
        Terms And Condition
      </h1>
      <p className="mt-6 text-center text-parchment/85">
        These terms apply to everyone who registers, buys or takes part in {festivalTitle}.
      </p>
      <ol className="mt-10 flex flex-col gap-8">
        {sections.map((section, index) => (
          <li key={section.title}>
            <h2 className="font-display text-2xl text-parchment">
              {index + 1}. {section.title}
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-6 text-parchment/90">
              {section.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <p className="mt-12">
        Questions about these terms? Write to{' '}
        <a className="text-gold underline underline-offset-4" href={`mailto:${festival.emails[0]}`}>
          {festival.emails[0]}
        </a>{' '}
        or call {festival.coreTeamContact.name} at {festival.coreTeamContact.phone}.
      </p>
      <p className="mt-6 font-semibold">
        By registering for an event, buying merchandise or booking accommodation, you agree to these terms and
        conditions.
      </p>
    </main>
  );
}
