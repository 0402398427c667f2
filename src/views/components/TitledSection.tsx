import { Box, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

// A section of a page named by its own second-level heading (the region's accessible name is the heading,
// WCAG 2.2 AA 1.3.1 and 2.4.6).

export interface TitledSectionProps {
  /** The heading's id, which names the region. */
  id: string;
  title: ReactNode;
  /** The space under the heading. */
  titleGap: MantineSpacing;
  children: ReactNode;
}

export function TitledSection({ id, title, titleGap, children }: TitledSectionProps) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb={titleGap}>
        {title}
      </Title>
      {children}
    </Box>
  );
}
