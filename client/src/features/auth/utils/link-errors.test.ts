import { describe, expect, it } from 'vitest';
import { linkErrorTarget } from './link-errors';

describe('linkErrorTarget', () => {
  it('sends a dead verification link to the explanation, as a verification link', () => {
    expect(linkErrorTarget('/dashboard', '?verified=true&error=TOKEN_EXPIRED')).toBe(
      '/link-expired?link=verification&error=TOKEN_EXPIRED',
    );
  });

  it('sends a used sign-in link to the explanation, as a sign-in link', () => {
    expect(linkErrorTarget('/dashboard', '?recovered=true&error=INVALID_TOKEN')).toBe(
      '/link-expired?link=magic&error=INVALID_TOKEN',
    );
  });

  it('leaves other errors (a failed OAuth round trip) and the explanation page itself alone', () => {
    expect(linkErrorTarget('/', '?error=access_denied')).toBeNull();
    expect(linkErrorTarget('/link-expired', '?link=magic&error=INVALID_TOKEN')).toBeNull();
    expect(linkErrorTarget('/dashboard', '?verified=true')).toBeNull();
  });
});
