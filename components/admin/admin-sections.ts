/**
 * One of the console's sections. `adminOnly` sections are shown to admins alone; `volunteers` ones to
 * volunteers as well (they see nothing else).
 */
export interface AdminSection {
  href: string;
  label: string;
  adminOnly?: boolean;
  volunteers?: boolean;
}

/** Sections that belong together, under a name the menu shows. */
export interface AdminSectionGroup {
  label: string;
  sections: readonly AdminSection[];
}

/**
 * The console's sections in menu order, grouped. The festival day's work comes first, Check-in at its
 * head: an organiser at the gate on a phone must find it at once, not as the 14th tab of a sideways strip.
 */
export const adminSectionGroups: readonly AdminSectionGroup[] = [
  { label: 'Overview', sections: [{ href: '/admin', label: 'Dashboard' }] },
  {
    label: 'Festival day',
    sections: [
      { href: '/admin/check-in', label: 'Check-in', volunteers: true },
      { href: '/admin/attendance', label: 'Attendance', volunteers: true },
      { href: '/admin/registrations', label: 'Registrations' },
      { href: '/admin/payments', label: 'Payments' },
      { href: '/admin/bookings', label: 'Bookings' },
      { href: '/admin/merchandise-orders', label: 'T-shirt orders' },
      { href: '/admin/waiting-lists', label: 'Waiting lists' },
      { href: '/admin/changes', label: 'Changes' },
      { href: '/admin/announcements', label: 'Announcements' },
    ],
  },
  {
    label: 'After the events',
    sections: [
      { href: '/admin/results', label: 'Results' },
      { href: '/admin/certificates', label: 'Certificates' },
    ],
  },
  {
    label: 'Content',
    sections: [
      { href: '/admin/content/events', label: 'Events' },
      { href: '/admin/content/timetable', label: 'Timetable' },
      { href: '/admin/content/team', label: 'Team' },
      { href: '/admin/content/sponsors', label: 'Sponsors' },
      { href: '/admin/content/pronite', label: 'Pronite' },
      { href: '/admin/content/merchandise', label: 'Merchandise' },
      { href: '/admin/content/accommodation', label: 'Accommodation' },
    ],
  },
  {
    label: 'Records',
    sections: [
      { href: '/admin/people', label: 'People', adminOnly: true },
      { href: '/admin/audit', label: 'Audit log' },
    ],
  },
];

/** Every section, in menu order. */
export const adminSections: readonly AdminSection[] = adminSectionGroups.flatMap((g) => g.sections);

function sees(role: string, section: AdminSection): boolean {
  if (role === 'volunteer') return section.volunteers === true;
  return !section.adminOnly || role === 'admin';
}

/** The groups as `role` sees them: sections not theirs left out, and groups left empty dropped. */
export function sectionGroupsFor(role: string): AdminSectionGroup[] {
  return adminSectionGroups
    .map((g) => ({ ...g, sections: g.sections.filter((s) => sees(role, s)) }))
    .filter((g) => g.sections.length > 0);
}

/** True when `pathname` is in `section` (the dashboard only at /admin itself, as every section is under it). */
export function isCurrentSection(section: AdminSection, pathname: string): boolean {
  if (section.href === '/admin') return pathname === '/admin';
  return pathname === section.href || pathname.startsWith(`${section.href}/`);
}
