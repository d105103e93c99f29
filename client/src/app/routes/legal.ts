/** Both legal pages carry this date (docs/product.md §1). */
export const POLICIES_LAST_UPDATED = 'January 23, 2025';
