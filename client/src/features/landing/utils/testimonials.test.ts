import { describe, expect, it } from 'vitest';
import { TESTIMONIALS } from './testimonials';

describe('testimonial samples', () => {
  it('has 12 entries with unique ids and every field filled', () => {
    expect(TESTIMONIALS).toHaveLength(12);
    expect(new Set(TESTIMONIALS.map((t) => t.id)).size).toBe(12);
    for (const t of TESTIMONIALS) {
      expect(t.name && t.role && t.quote).toBeTruthy();
      expect(t.avatar).toMatch(/^[A-Z]{2}$/);
    }
  });
});
