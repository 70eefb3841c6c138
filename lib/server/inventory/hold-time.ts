/** How long an order's hold keeps its units from everyone else while the buyer pays. */
export const holdMinutes = 15;
