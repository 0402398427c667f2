import { describe, expect, it } from 'vitest';
import {
  SITE_TYPES,
  maintenanceDocSchema,
  maintenanceFlagForSite,
  maintenanceFlagSchema,
  maintenanceStatus,
  parseMaintenanceDoc,
} from '../../src/domain/maintenance';

const now = new Date('2025-06-15T12:00:00Z');
const hourBefore = new Date('2025-06-15T11:00:00Z');
const hourAfter = new Date('2025-06-15T13:00:00Z');

describe('maintenance flag schema', () => {
  it('accepts a boolean', () => {
    expect(maintenanceFlagSchema.parse(true)).toBe(true);
    expect(maintenanceFlagSchema.parse(false)).toBe(false);
  });

  it('turns ISO strings into dates', () => {
    const flag = { startTime: '2025-06-15T11:00:00Z', endTime: '2025-06-15T13:00:00.000+00:00' };
    expect(maintenanceFlagSchema.parse(flag)).toEqual({ startTime: hourBefore, endTime: hourAfter });
  });

  it('turns Firestore timestamps into dates', () => {
    const seconds = hourBefore.getTime() / 1_000;
    expect(maintenanceFlagSchema.parse({ startTime: { seconds, nanoseconds: 500_000_000 } })).toEqual({
      startTime: new Date(hourBefore.getTime() + 500),
    });
  });

  it('keeps dates and treats missing or null ends as absent', () => {
    expect(maintenanceFlagSchema.parse({ startTime: hourBefore, endTime: null })).toEqual({ startTime: hourBefore });
    expect(maintenanceFlagSchema.parse({})).toEqual({});
  });

  it('rejects a time that is not a date', () => {
    expect(maintenanceFlagSchema.safeParse({ startTime: 'tomorrow' }).success).toBe(false);
    expect(maintenanceFlagSchema.safeParse({ startTime: new Date('invalid') }).success).toBe(false);
    expect(maintenanceFlagSchema.safeParse('yes').success).toBe(false);
  });

  it('parses the config document with an optional field per site type', () => {
    expect(SITE_TYPES).toEqual(['Admin', 'Self', 'Partner', 'Customer']);
    const doc = maintenanceDocSchema.parse({ Admin: false, Customer: { endTime: '2025-06-15T13:00:00Z' } });
    expect(maintenanceFlagForSite(doc, 'Customer')).toEqual({ endTime: hourAfter });
    expect(maintenanceFlagForSite(doc, 'Partner')).toBeUndefined();
    expect(maintenanceFlagForSite(undefined, 'Customer')).toBeUndefined();
  });
});

describe("the app's reading of the maintenance document", () => {
  // parseMaintenanceDoc checks by hand what maintenanceDocSchema checks: the same document, the same answer per site.
  const viaSchema = (data: unknown) => {
    const parsed = maintenanceDocSchema.safeParse(data);
    return parsed.success ? SITE_TYPES.map((site) => maintenanceFlagForSite(parsed.data, site)) : null;
  };
  const viaHand = (data: unknown) => {
    const doc = parseMaintenanceDoc(data);
    return doc ? SITE_TYPES.map((site) => maintenanceFlagForSite(doc, site)) : null;
  };
  const seconds = hourBefore.getTime() / 1_000;
  const times: unknown[] = [
    hourBefore,
    new Date('invalid'),
    '2025-06-15T11:00:00Z',
    '2025-06-15T11:00:00.123+02:00',
    '2025-06-15T11:00Z',
    '2025-06-15T11:00:00',
    '2025-06-15',
    '2024-02-29',
    '2025-02-29',
    '2025-13-01',
    '2025-06-15T24:00:00Z',
    'tomorrow',
    '',
    { seconds, nanoseconds: 500_000_000 },
    { seconds: String(seconds), nanoseconds: 0 },
    { seconds: Number.POSITIVE_INFINITY, nanoseconds: 0 },
    { seconds: 1e20, nanoseconds: 0 },
    { seconds },
    null,
    undefined,
    42,
    true,
  ];
  const flags: unknown[] = [true, false, null, undefined, 'yes', 1, [], {}, hourBefore];
  for (const startTime of times) {
    flags.push({ startTime });
    flags.push({ startTime, endTime: '2025-06-15T13:00:00Z' });
    flags.push({ endTime: startTime, other: 'ignored' });
  }

  it('answers as the schema does for every flag and time it may hold', () => {
    for (const flag of flags) {
      for (const site of SITE_TYPES) {
        const data = { [site]: flag };
        expect(viaHand(data), `${site}: ${String(JSON.stringify(flag))}`).toEqual(viaSchema(data));
      }
      const data = { Customer: false, Partner: flag, unrelated: 'x' };
      expect(viaHand(data)).toEqual(viaSchema(data));
    }
    for (const data of [{}, null, [], 'x', { Admin: true, Customer: { startTime: 'tomorrow' } }]) {
      expect(viaHand(data), JSON.stringify(data)).toEqual(viaSchema(data));
    }
  });
});

describe('maintenance status', () => {
  it('is off without a flag or with false', () => {
    expect(maintenanceStatus(undefined, now)).toBe('off');
    expect(maintenanceStatus(null, now)).toBe('off');
    expect(maintenanceStatus(false, now)).toBe('off');
  });

  it('is active with true', () => {
    expect(maintenanceStatus(true, now)).toBe('active');
  });

  it('is active inside the window', () => {
    expect(maintenanceStatus({ startTime: hourBefore, endTime: hourAfter }, now)).toBe('active');
  });

  it('is active with only a past start or only a future end', () => {
    expect(maintenanceStatus({ startTime: hourBefore }, now)).toBe('active');
    expect(maintenanceStatus({ endTime: hourAfter }, now)).toBe('active');
    expect(maintenanceStatus({}, now)).toBe('active');
  });

  it('is upcoming when the window starts in the future', () => {
    expect(maintenanceStatus({ startTime: hourAfter }, now)).toBe('upcoming');
    expect(maintenanceStatus({ startTime: hourAfter, endTime: new Date('2025-06-15T14:00:00Z') }, now)).toBe(
      'upcoming',
    );
  });

  it('is off once the window has ended', () => {
    expect(maintenanceStatus({ endTime: hourBefore }, now)).toBe('off');
    expect(maintenanceStatus({ startTime: new Date('2025-06-15T10:00:00Z'), endTime: hourBefore }, now)).toBe('off');
  });

  it('starts exactly at startTime and ends exactly at endTime', () => {
    expect(maintenanceStatus({ startTime: now }, now)).toBe('active');
    expect(maintenanceStatus({ endTime: now }, now)).toBe('off');
  });

  it('is off for a future window that ends before it starts', () => {
    expect(maintenanceStatus({ startTime: hourAfter, endTime: hourBefore }, now)).toBe('off');
  });
});
