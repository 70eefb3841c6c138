/** The console's sections, in menu order. `adminOnly` sections are shown to admins alone. */
export interface AdminSection {
  href: string;
  label: string;
  adminOnly?: boolean;
}

export const adminSections: readonly AdminSection[] = [
  { href: '/admin', label: 'Dashboard' },
  { href: '/admin/content/events', label: 'Events' },
  { href: '/admin/content/timetable', label: 'Timetable' },
  { href: '/admin/content/team', label: 'Team' },
  { href: '/admin/content/sponsors', label: 'Sponsors' },
  { href: '/admin/content/pronite', label: 'Pronite' },
  { href: '/admin/content/merchandise', label: 'Merchandise' },
  { href: '/admin/content/accommodation', label: 'Accommodation' },
  { href: '/admin/registrations', label: 'Registrations' },
  { href: '/admin/merchandise-orders', label: 'T-shirt orders' },
  { href: '/admin/bookings', label: 'Bookings' },
  { href: '/admin/waiting-lists', label: 'Waiting lists' },
  { href: '/admin/payments', label: 'Payments' },
  { href: '/admin/check-in', label: 'Check-in' },
  { href: '/admin/people', label: 'People', adminOnly: true },
  { href: '/admin/audit', label: 'Audit log' },
];
