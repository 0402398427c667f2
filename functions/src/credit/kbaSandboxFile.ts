// The embedded identity vendor's own consumer file (spec 001 §2 "Identity check"): what a real KBA vendor asks about
// comes from its own data (public records, utility and phone records, employment and vehicle registrations), never
// from the credit report the app shows, so nothing a session can read in the app answers the questions. The sandbox
// models that file the way vendors model their test consumers: deterministic facts generated from the identity it
// matches on (last name, date of birth, the SSN's last four digits), in places and names that no credit report of
// the app carries (other towns than the credit-data sandbox's, employers no bureau here reports, vehicles and phone
// area codes the report has no field for).
//
// The tester's answer sheet, like a vendor's published test identities: `kbaSandboxConsumerFile(identity)` answers the
// file of any identity (tests/support/kbaAnswers.ts answers a question set from it), and docs/configuration.md lists the
// demo customers' files. No-hit test identity: an SSN ending in 0000 (or a subject without a last name, date of birth
// or SSN) matches no file, and the vendor refuses the subject ('subject-not-found').
//
// Pure (no Firebase), so the e2e journey can read the same sheet.
import { seededRandom } from '../../../src/domain/creditReportRecords';
import type { KbaIdentity } from './kba';

export type { KbaIdentity } from './kba';

/** The vendor's facts about one consumer; every question is built from these. */
export interface KbaConsumerFile {
  /** Addresses the consumer lived at before the current one (other towns than theirs now). */
  previousAddresses: string[];
  /** Vehicles registered to the consumer, "2016 HONDA CR-V". */
  vehicles: string[];
  /** Former employers. */
  employers: string[];
  /** Area codes of phone numbers the consumer had. */
  areaCodes: string[];
}

/** An SSN ending in this matches no file: the vendor's documented no-hit test identity. */
export const KBA_NO_HIT_SSN_LAST4 = '0000';

/** Towns of earlier addresses (none is one the credit-data sandbox or the demo data gives an address in). */
export const VENDOR_TOWNS: readonly { town: string; areaCode: string }[] = [
  { town: 'BOISE, ID 83705', areaCode: '208' },
  { town: 'TUCSON, AZ 85719', areaCode: '520' },
  { town: 'FRESNO, CA 93704', areaCode: '559' },
  { town: 'SALT LAKE CITY, UT 84106', areaCode: '801' },
  { town: 'ALBUQUERQUE, NM 87110', areaCode: '505' },
  { town: 'SPOKANE, WA 99203', areaCode: '509' },
  { town: 'EL PASO, TX 79912', areaCode: '915' },
  { town: 'OMAHA, NE 68106', areaCode: '402' },
  { town: 'TULSA, OK 74105', areaCode: '918' },
  { town: 'WICHITA, KS 67208', areaCode: '316' },
];
/** Street names of the vendor's addresses (and of its wrong answers: the right one never stands out). */
export const VENDOR_STREETS: readonly string[] = [
  'N COTTONWOOD LN',
  'E JUNIPER ST',
  'W ALDER CREEK DR',
  'S BLUE SPRUCE CT',
  'N MESQUITE TRL',
  'E HARVEST MOON RD',
  'W QUAIL RUN DR',
  'S WILLOW BEND WAY',
  'N IRONWOOD PL',
  'E SAGEBRUSH AVE',
  'W RED FOX LN',
  'S PRAIRIE VIEW DR',
];
export const VENDOR_VEHICLES: readonly string[] = [
  'HONDA CR-V',
  'TOYOTA COROLLA',
  'FORD F-150',
  'CHEVROLET MALIBU',
  'NISSAN ALTIMA',
  'HYUNDAI ELANTRA',
  'SUBARU OUTBACK',
  'JEEP GRAND CHEROKEE',
  'KIA SORENTO',
  'MAZDA CX-5',
  'VOLKSWAGEN JETTA',
  'DODGE GRAND CARAVAN',
];
/** Employers (none is one a bureau reports in the credit-data sandbox or the demo data). */
export const VENDOR_EMPLOYERS: readonly string[] = [
  'MGM RESORTS INTERNATIONAL',
  'STATION CASINOS LLC',
  'COX COMMUNICATIONS',
  'NV ENERGY',
  'SOUTHWEST AIRLINES',
  'BOYD GAMING CORP',
  'TARGET CORPORATION',
  'FEDEX GROUND',
  'SPROUTS FARMERS MARKET',
  'INTERMOUNTAIN HEALTHCARE',
  'ALBERTSONS COMPANIES',
  'WELLS ENTERPRISES',
];

const normalise = (text: string | null) => (text ?? '').trim().toUpperCase().replace(/\s+/g, ' ');

/** The identity as the vendor keys its file: last name, date of birth, the SSN's last four digits. */
export function kbaIdentityKey(identity: KbaIdentity): string | null {
  const lastName = normalise(identity.lastName);
  const ssnLast4 = (identity.ssnLast4 ?? '').replace(/\D/g, '');
  if (!lastName || !identity.birthdate || !/^\d{4}$/.test(ssnLast4) || ssnLast4 === KBA_NO_HIT_SSN_LAST4) return null;
  return `${lastName}|${identity.birthdate}|${ssnLast4}`;
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
function pickDistinct<T>(random: Random, items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

/** A house on one of the vendor's streets in `town`. */
export function vendorAddress(random: Random, town: string): string {
  return `${100 + Math.floor(random() * 9_800)} ${pick(random, VENDOR_STREETS)}, ${town}`;
}

/** The vendor's file of `identity`, the same every time; null when no file matches (see the no-hit identity). */
export function kbaSandboxConsumerFile(identity: KbaIdentity): KbaConsumerFile | null {
  const key = kbaIdentityKey(identity);
  if (key === null) return null;
  const random = seededRandom(`kba-vendor-file:${key}`);
  const here = normalise(identity.city);
  const towns = pickDistinct(
    random,
    VENDOR_TOWNS.filter(({ town }) => !town.startsWith(`${here},`)),
    2,
  );
  const birthYear = Number(identity.birthdate?.slice(0, 4)) || 1985;
  const vehicleYear = Math.max(birthYear + 18, 2004) + Math.floor(random() * 12);
  return {
    previousAddresses: towns.map(({ town }) => vendorAddress(random, town)),
    vehicles: [`${Math.min(vehicleYear, 2024)} ${pick(random, VENDOR_VEHICLES)}`],
    employers: pickDistinct(random, VENDOR_EMPLOYERS, 2),
    areaCodes: [towns[0]!.areaCode],
  };
}
