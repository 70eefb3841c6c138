/** A whole-rupee amount as the festival shows it (SPEC.md part 9): '₹ 150'. */
export function formatRupees(price: number): string {
  return `₹ ${price}`;
}
