import type { Bureau } from '../../../domain/creditReportRecords';

/** The order the credit pages show the bureaus in: the tabs', the combined report's columns and the chart's legend. */
export const BUREAU_ORDER: readonly Bureau[] = ['TRANSUNION', 'EQUIFAX', 'EXPERIAN'];
