/*
 * A count printed with its noun ("1 registration", "3 registrations"). English takes the singular for
 * exactly one and the plural for everything else, 0 included ("0 places"). Shared by the browser and the
 * server, so every screen and message agrees.
 */

/**
 * '1 registration', '12 registrations', or with an irregular plural '2 check-ins'. `shown` formats the
 * number (the console's Indian grouping, '1,50,000'); the noun is chosen from the number itself.
 */
export function countOf(
  count: number,
  one: string,
  many = `${one}s`,
  shown: (count: number) => string = String,
): string {
  return `${shown(count)} ${count === 1 ? one : many}`;
}
