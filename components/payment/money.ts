/** An amount in rupees with two decimals, as the shop shows it (SPEC.md part 9): '₹ 399.00'. */
export function formatMoney(rupees: number): string {
  return `₹ ${rupees.toFixed(2)}`;
}
