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

/**
 * Whether a path segment can be a category's number in /event/{N}: its 1-based position in the category
 * list, 1 to 9999, as next.config.ts's `/event/:id(\d{1,4})` reads it ("007" and "0" name nothing).
 */
export function isCategoryPosition(segment: string): boolean {
  return /^[1-9]\d{0,3}$/.test(segment);
}
