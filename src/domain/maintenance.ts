// The maintenance flag (spec 001 §2 Maintenance screen, §3 Maintenance flag, §4 Maintenance).
import { z } from 'zod/mini';

export const SITE_TYPES = ['Admin', 'Self', 'Partner', 'Customer'] as const;
export type SiteType = (typeof SITE_TYPES)[number];

// The schemas below describe the document; the app reads it with parseMaintenanceDoc, the same rules checked by hand
// (tests/domain/maintenance.test.ts holds the two to the same answers), because the flag is read before anything
// shows and the sign-in page's start-up code carries no schema library (docs/benchmarks.md §1). Each schema is built
// in a function call marked pure, so a bundle that does not use it leaves it, and zod, out.

interface TimestampLike {
  seconds: number;
  nanoseconds: number;
}

/** A Firestore Timestamp as it arrives from the client SDK or as plain data. */
const timestampLike = /* @__PURE__ */ (() => z.object({ seconds: z.number(), nanoseconds: z.number() }))();

function timestampToDate(value: TimestampLike): Date {
  return new Date(value.seconds * 1_000 + Math.floor(value.nanoseconds / 1_000_000));
}

/** A point in time written as a Date, an ISO string or a Firestore Timestamp; always parsed to a Date. */
export const maintenanceTimeSchema = /* @__PURE__ */ (() =>
  z
    .pipe(
      z.union([z.date(), z.iso.datetime({ offset: true }), z.iso.date(), timestampLike]),
      z.transform((value: Date | string | TimestampLike) => {
        if (value instanceof Date) return value;
        if (typeof value === 'string') return new Date(value);
        return timestampToDate(value);
      }),
    )
    .check(z.refine((date) => !Number.isNaN(date.getTime()), { message: 'invalid date' })))();

export interface MaintenanceWindow {
  startTime?: Date;
  endTime?: Date;
}

/** Either end may be absent or null (spec 001 §4); absent ends are left out of the parsed window. */
export const maintenanceWindowSchema = /* @__PURE__ */ (() =>
  z.pipe(
    z.object({ startTime: z.nullish(maintenanceTimeSchema), endTime: z.nullish(maintenanceTimeSchema) }),
    z.transform(({ startTime, endTime }: { startTime?: Date | null; endTime?: Date | null }) => {
      const window: MaintenanceWindow = {};
      if (startTime) window.startTime = startTime;
      if (endTime) window.endTime = endTime;
      return window;
    }),
  ))();

/** A boolean, or a window {startTime, endTime} where either end may be absent. */
export const maintenanceFlagSchema = /* @__PURE__ */ (() => z.union([z.boolean(), maintenanceWindowSchema]))();
export type MaintenanceFlag = boolean | MaintenanceWindow;

/** The config/maintenance document: one optional flag per site type; a null field means no maintenance. */
export const maintenanceDocSchema = /* @__PURE__ */ (() =>
  z.object({
    Admin: z.nullish(maintenanceFlagSchema),
    Self: z.nullish(maintenanceFlagSchema),
    Partner: z.nullish(maintenanceFlagSchema),
    Customer: z.nullish(maintenanceFlagSchema),
  }))();
export type MaintenanceDoc = Partial<Record<SiteType, MaintenanceFlag | null>>;

// ---------------------------------------------------------------- the same rules, by hand

/** The ISO forms maintenanceTimeSchema takes (zod's iso.datetime with an offset, seconds required, and iso.date). */
const ISO_DATE = '(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))';
const ISO_DATE_ONLY = new RegExp(`^${ISO_DATE}$`);
const ISO_DATE_TIME = new RegExp(`^${ISO_DATE}T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d)))$`);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** maintenanceTimeSchema by hand: the Date, or undefined when the value is not a point in time. */
function readTime(value: unknown): Date | undefined {
  let date: Date | undefined;
  if (value instanceof Date) date = value;
  else if (typeof value === 'string') date = ISO_DATE_TIME.test(value) || ISO_DATE_ONLY.test(value) ? new Date(value) : undefined;
  else if (isRecord(value) && Number.isFinite(value.seconds) && Number.isFinite(value.nanoseconds)) date = timestampToDate(value as unknown as TimestampLike);
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

const INVALID = Symbol('invalid');

/** maintenanceFlagSchema by hand (nullish allowed): the flag, or INVALID. */
function readFlag(value: unknown): MaintenanceFlag | null | undefined | typeof INVALID {
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  if (!isRecord(value)) return INVALID;
  const window: MaintenanceWindow = {};
  for (const end of ['startTime', 'endTime'] as const) {
    const raw = value[end];
    if (raw === null || raw === undefined) continue;
    const time = readTime(raw);
    if (!time) return INVALID;
    window[end] = time;
  }
  return window;
}

/**
 * The config/maintenance document as maintenanceDocSchema reads it, or null when it does not match (a flag of the
 * wrong type, a time that is not a point in time): the whole document is then unreadable.
 */
export function parseMaintenanceDoc(data: unknown): MaintenanceDoc | null {
  if (!isRecord(data)) return null;
  const doc: MaintenanceDoc = {};
  for (const siteType of SITE_TYPES) {
    if (!Object.hasOwn(data, siteType)) continue;
    const flag = readFlag(data[siteType]);
    if (flag === INVALID) return null;
    if (flag !== undefined) doc[siteType] = flag;
  }
  return doc;
}

export type MaintenanceStatus = 'off' | 'active' | 'upcoming';

/**
 * Active when now is at or after startTime and before endTime, either end may be absent; upcoming when the
 * window starts in the future (re-checked every 10 s by the watcher); otherwise off.
 */
export function maintenanceStatus(flag: MaintenanceFlag | null | undefined, now: Date): MaintenanceStatus {
  if (flag === null || flag === undefined || flag === false) return 'off';
  if (flag === true) return 'active';
  const t = now.getTime();
  if (flag.startTime && t < flag.startTime.getTime()) {
    if (flag.endTime && flag.endTime.getTime() <= flag.startTime.getTime()) return 'off';
    return 'upcoming';
  }
  if (flag.endTime && t >= flag.endTime.getTime()) return 'off';
  return 'active';
}

export function maintenanceFlagForSite(
  doc: MaintenanceDoc | null | undefined,
  siteType: SiteType,
): MaintenanceFlag | undefined {
  return doc?.[siteType] ?? undefined;
}
