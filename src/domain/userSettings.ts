// The user document's settings and partner flyer fields by name (spec 000 §3.2), for the contract's schema
// (src/contract/userDocument.ts) and the client's parse of the live document, which loads without the contract.

/** settings.tableSettings: which of the client tables' columns show. */
export const TABLE_SETTINGS = ['assessment', 'progress', 'myNotes', 'coachingNotes', 'contact'] as const;
export type TableSetting = (typeof TABLE_SETTINGS)[number];

/** settings.<page>.comfortType: a page's density, from the most spacious to the most compact. */
export const COMFORT_TYPES = ['veryComfortable', 'comfortable', 'dense', 'veryDense'] as const;
export type ComfortType = (typeof COMFORT_TYPES)[number];

/** The pages that keep a density of their own. */
export const COMFORT_PAGES = ['creditReportPage', 'creditDashboard'] as const;
export type ComfortPage = (typeof COMFORT_PAGES)[number];

/** partner.partnerFlyerMetadata: what the partner's flyer prints. */
export const PARTNER_FLYER_FIELDS = [
  'logoName',
  'headshotName',
  'disclaimer',
  'firstName',
  'lastName',
  'phone',
  'email',
  'nmlsId',
  'title',
  'companyName',
  'companyAddress',
  'companyAddress2',
] as const;
export type PartnerFlyerField = (typeof PARTNER_FLYER_FIELDS)[number];
