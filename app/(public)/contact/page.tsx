import type { Metadata } from 'next';
import { ContactBlock } from '@/components/contact/contact-block';
import { festival } from '@/lib/festival';

export const metadata: Metadata = {
  title: 'Contact Us',
  description: `Reach the ${festival.name} core team: phone, e-mail, address in Gandhinagar and social links.`,
  alternates: { canonical: '/contact' },
};

export default function ContactPage() {
  return (
    <main className="flex min-h-dvh flex-col justify-center pt-16">
      <ContactBlock as="section" heading="h1" />
    </main>
  );
}
