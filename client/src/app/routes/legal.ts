/** Both legal pages carry this date (product-spec.md section 1). */
export const POLICIES_LAST_UPDATED = 'January 23, 2025';
