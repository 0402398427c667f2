import { describe, expect, it } from 'vitest';
import { addDays, nextRefreshDay, REPORT_ORDER_THROTTLE_MS, REPORT_REFRESH_INTERVAL_DAYS, reportRefreshEligibility, throttleSecondsLeft, type ReportRefreshFacts } from '../../src/domain/reportRefresh';

// When a customer may order a new report (spec 001 §5, §9): the rule the Refresh control and orderReport share.

const customer = (fields: Partial<ReportRefreshFacts> = {}): ReportRefreshFacts => ({
  creditPullDate: '2026-10-01',
  kbaStatus: null,
  isAgent: false,
  allowClientActions: false,
  ...fields,
});

describe('report refresh eligibility (spec 001 §5)', () => {
  it('allows a refresh from the 30th day after the pull, not on the 29th', () => {
    expect(REPORT_REFRESH_INTERVAL_DAYS).toBe(30);
    expect(reportRefreshEligibility(customer(), '2026-10-30')).toEqual({ kind: 'disabled', date: '2026-10-31' });
    expect(reportRefreshEligibility(customer(), '2026-10-31')).toEqual({ kind: 'enabled' });
    expect(reportRefreshEligibility(customer(), '2027-01-01')).toEqual({ kind: 'enabled' });
  });

  it('allows a refresh at any time without a pull date', () => {
    expect(reportRefreshEligibility(customer({ creditPullDate: null }), '2026-10-02')).toEqual({ kind: 'enabled' });
    expect(reportRefreshEligibility(customer({ creditPullDate: null, kbaStatus: false }), '2026-10-02')).toEqual({ kind: 'enabled' });
  });

  it('blocks a refresh with no date only when KBA status is explicitly false', () => {
    expect(reportRefreshEligibility(customer({ kbaStatus: false }), '2026-12-01')).toEqual({ kind: 'disabled', date: null });
    expect(reportRefreshEligibility(customer({ kbaStatus: null }), '2026-12-01')).toEqual({ kind: 'enabled' });
    expect(reportRefreshEligibility(customer({ kbaStatus: true }), '2026-12-01')).toEqual({ kind: 'enabled' });
  });

  it('lets an agent refresh only with allowClientActions', () => {
    expect(reportRefreshEligibility(customer({ isAgent: true }), '2026-12-01')).toEqual({ kind: 'notPermitted' });
    expect(reportRefreshEligibility(customer({ isAgent: true, creditPullDate: null }), '2026-12-01')).toEqual({ kind: 'notPermitted' });
    expect(reportRefreshEligibility(customer({ isAgent: true, allowClientActions: true }), '2026-12-01')).toEqual({ kind: 'enabled' });
    expect(reportRefreshEligibility(customer({ isAgent: true, allowClientActions: true }), '2026-10-15')).toEqual({
      kind: 'disabled',
      date: '2026-10-31',
    });
  });

  it('counts calendar days across months and years', () => {
    expect(nextRefreshDay('2026-12-15')).toBe('2027-01-14');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('the order throttle (spec 001 §5, §9: 15 s)', () => {
  it('gives the whole seconds left, rounding up, and 0 once the window has passed', () => {
    expect(REPORT_ORDER_THROTTLE_MS).toBe(15_000);
    expect(throttleSecondsLeft(1_000_000, 1_000_000)).toBe(15);
    expect(throttleSecondsLeft(1_000_000, 1_000_001)).toBe(15);
    expect(throttleSecondsLeft(1_000_000, 1_014_000)).toBe(1);
    expect(throttleSecondsLeft(1_000_000, 1_014_999)).toBe(1);
    expect(throttleSecondsLeft(1_000_000, 1_015_000)).toBe(0);
    expect(throttleSecondsLeft(1_000_000, 1_020_000)).toBe(0);
  });
});
