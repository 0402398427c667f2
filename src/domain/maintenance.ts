// The maintenance flag (spec 001 §2 Maintenance screen, §3 Maintenance flag, §4 Maintenance).
import { z } from 'zod/mini';

export const SITE_TYPES = ['Admin', 'Self', 'Partner', 'Customer'] as const;
export type SiteType = (typeof SITE_TYPES)[number];

/** A Firestore Timestamp as it arrives from the client SDK or as plain data. */
const timestampLike = z.object({ seconds: z.number(), nanoseconds: z.number() });

/** A point in time written as a Date, an ISO string or a Firestore Timestamp; always parsed to a Date. */
export const maintenanceTimeSchema = z
  .pipe(
    z.union([z.date(), z.iso.datetime({ offset: true }), z.iso.date(), timestampLike]),
    z.transform((value: Date | string | z.output<typeof timestampLike>) => {
      if (value instanceof Date) return value;
      if (typeof value === 'string') return new Date(value);
      return new Date(value.seconds * 1_000 + Math.floor(value.nanoseconds / 1_000_000));
    }),
  )
  .check(z.refine((date) => !Number.isNaN(date.getTime()), { message: 'invalid date' }));

export interface MaintenanceWindow {
  startTime?: Date;
  endTime?: Date;
}

/** Either end may be absent or null (spec 001 §4); absent ends are left out of the parsed window. */
export const maintenanceWindowSchema = z.pipe(
  z.object({ startTime: z.nullish(maintenanceTimeSchema), endTime: z.nullish(maintenanceTimeSchema) }),
  z.transform(({ startTime, endTime }: { startTime?: Date | null; endTime?: Date | null }) => {
    const window: MaintenanceWindow = {};
    if (startTime) window.startTime = startTime;
    if (endTime) window.endTime = endTime;
    return window;
  }),
);

/** A boolean, or a window {startTime, endTime} where either end may be absent. */
export const maintenanceFlagSchema = z.union([z.boolean(), maintenanceWindowSchema]);
export type MaintenanceFlag = z.output<typeof maintenanceFlagSchema>;

/** The config/maintenance document: one optional flag per site type; a null field means no maintenance. */
export const maintenanceDocSchema = z.object({
  Admin: z.nullish(maintenanceFlagSchema),
  Self: z.nullish(maintenanceFlagSchema),
  Partner: z.nullish(maintenanceFlagSchema),
  Customer: z.nullish(maintenanceFlagSchema),
});
export type MaintenanceDoc = z.output<typeof maintenanceDocSchema>;

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
