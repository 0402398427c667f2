import { describe, expect, it } from 'vitest';
import { RECENT_SIGN_IN_MAX_AGE_MS } from '../../src/domain/constants';
import { isRecentSignIn } from '../../src/domain/recentSignIn';

describe('a recent sign-in (the step-up for the full SSN and an email change)', () => {
  const now = Date.UTC(2026, 11, 7, 9, 0, 0);
  const signedIn = (agoMs: number) => Math.floor((now - agoMs) / 1_000);

  it('is a sign-in within the last few minutes', () => {
    expect(isRecentSignIn(signedIn(0), now)).toBe(true);
    expect(isRecentSignIn(signedIn(RECENT_SIGN_IN_MAX_AGE_MS), now)).toBe(true);
  });

  it('is not an older sign-in, an unknown one, or one far in the future', () => {
    expect(isRecentSignIn(signedIn(RECENT_SIGN_IN_MAX_AGE_MS + 1_000), now)).toBe(false);
    expect(isRecentSignIn(null, now)).toBe(false);
    expect(isRecentSignIn(signedIn(-10 * 60_000), now)).toBe(false);
  });
});
