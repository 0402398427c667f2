import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { ColumnHeaders } from './ColumnHeaders';

// A chart's points again as a table only assistive technology reads (WCAG 2.2 AA 1.1.1: the drawing is not the only
// way to the numbers): a caption, a header a column, a row a point.

export interface ChartDataRow {
  key: string | number;
  cells: readonly ReactNode[];
}

export function ChartDataTable({ caption, columns, rows }: { caption: string; columns: readonly string[]; rows: readonly ChartDataRow[] }) {
  return (
    <VisuallyHidden>
      <Table>
        <Table.Caption>{caption}</Table.Caption>
        <ColumnHeaders labels={columns} />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, index) => (
                <Table.Td key={index}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}
