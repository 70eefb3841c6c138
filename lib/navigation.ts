/** The menu of SPEC.md part 2, in order. ProNite is a full page load (its scroll scene needs a fresh page). */
export interface NavItem {
  label: string;
  href: string;
  fullPageLoad?: boolean;
}

export const menuItems: readonly NavItem[] = [
  { label: 'ProNite', href: '/pronite', fullPageLoad: true },
  { label: 'Events', href: '/event' },
  { label: 'Team', href: '/team' },
  { label: 'Sponsors', href: '/sponsers' },
  { label: 'Merchandise', href: '/merchandise' },
  { label: 'Accomodation', href: '/accomodation' },
  { label: 'Terms And Condition', href: '/terms-and-condition' },
  { label: 'Contact Us', href: '/contact' },
];
