import { Table } from '@mantine/core';

// A table's head: one row of column headers, each scoped to its column so a screen reader names the column of every
// cell (WCAG 2.2 AA 1.3.1).

export function ColumnHeaders({ labels }: { labels: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {labels.map((label) => (
          <Table.Th key={label} scope="col">
            {label}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
