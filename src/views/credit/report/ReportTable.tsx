import { Table, Text, VisuallyHidden, type TableProps } from '@mantine/core';
import { useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bureau } from '../../../domain/creditReportRecords';
import { BUREAU_ORDER } from './bureaus';
import { ReportDensityContext, TABLE_DENSITY } from './density';
import classes from './report.module.css';
import { TableScroll } from './TableScroll';

// spec 001 §2-§4: the report's tables (inquiries, personal information, an account's bureaus side by side) share one
// frame: a caption that also names the scrolling frame, a header row, and cells marked where the bureaus disagree.

interface ReportTableProps extends Omit<TableProps, 'children' | 'caption'> {
  caption: string;
  /** The header row's cells. */
  columns: ReactNode;
  /** The body's rows. */
  children: ReactNode;
}

/** A report table that scrolls sideways on a narrow screen, named by its caption, in the page's density. */
export function ReportTable({ caption, columns, children, ...table }: ReportTableProps) {
  const density = useContext(ReportDensityContext);
  return (
    <TableScroll label={caption}>
      <Table {...(density ? TABLE_DENSITY[density] : {})} {...table} data-density={density ?? undefined}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>{columns}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** One column header per bureau, in the report's bureau order unless given. */
export function BureauColumns({ bureaus = BUREAU_ORDER }: { bureaus?: readonly Bureau[] }) {
  const { t } = useTranslation('credit');
  return bureaus.map((bureau) => (
    <Table.Th key={bureau} scope="col">
      {t(`bureaus.${bureau}`)}
    </Table.Th>
  ));
}

/** The marker beside a value the bureaus disagree on: seen as '≠ Differs', read as 'differs between bureaus'. */
export function DiffersMarker() {
  const { t } = useTranslation('credit');
  return (
    <Text span size="xs" className={classes.differsMarker}>
      <span aria-hidden> ≠ {t('compare.differsShort')}</span>
      <VisuallyHidden>{t('compare.differs')}</VisuallyHidden>
    </Text>
  );
}

/** A bureau's value, marked when it differs from the other bureaus'. */
export function ComparedCell({ differs, children }: { differs: boolean; children: ReactNode }) {
  return (
    <Table.Td className={differs ? classes.differs : undefined}>
      {children}
      {differs ? <DiffersMarker /> : null}
    </Table.Td>
  );
}
