import type { TableProps } from '@mantine/core';
import { createContext } from 'react';
import type { ComfortType } from '../../../domain/userSettings';

// spec 000 §3.2 settings.creditReportPage.comfortType: the credit report page's density, from the user document. The
// page provides it; its tables (ReportTable) take their row spacing and text size from it. None stored: the tables
// as they are drawn by default.

export const ReportDensityContext = createContext<ComfortType | null>(null);

export const TABLE_DENSITY: Record<ComfortType, Pick<TableProps, 'verticalSpacing' | 'horizontalSpacing' | 'fz'>> = {
  veryComfortable: { verticalSpacing: 'md', horizontalSpacing: 'md', fz: 'md' },
  comfortable: { verticalSpacing: 'sm', horizontalSpacing: 'sm', fz: 'sm' },
  dense: { verticalSpacing: 'xs', horizontalSpacing: 'xs', fz: 'sm' },
  veryDense: { verticalSpacing: 4, horizontalSpacing: 'xs', fz: 'xs' },
};
