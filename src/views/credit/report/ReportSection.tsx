import { Badge, Box, Group, Title, UnstyledButton } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import classes from './report.module.css';

// One of the report's sections (spec 001 §2: accounts, inquiries, public records, personal information): its
// heading is the toggle that expands or collapses it. A collapsed section renders nothing of its content, so a
// report of many accounts costs only what is open.

export interface ReportSectionProps {
  title: string;
  /** Shown beside the title (how many records the section holds). */
  count?: number;
  expanded: boolean;
  onToggle: () => void;
  /** The heading level: 2 for the report's sections, 3 for the account groups inside Accounts. */
  order?: 2 | 3;
  /** Called only while the section is expanded. */
  children: () => ReactNode;
}

export function ReportSection({ title, count, expanded, onToggle, order = 2, children }: ReportSectionProps) {
  const contentId = useId();
  return (
    <Box component="section" className={classes.section} aria-label={title}>
      <Group justify="space-between" mb={expanded ? 'sm' : 0}>
        <Title order={order} size={order === 2 ? 'h3' : 'h4'}>
          <UnstyledButton className={classes.sectionToggle} aria-expanded={expanded} aria-controls={contentId} onClick={onToggle} data-section-toggle fz="inherit" fw="inherit">
            <span aria-hidden className={`${classes.chevron} ${expanded ? classes.chevronOpen : ''}`}>
              ▸
            </span>
            {title}
            {count === undefined ? null : (
              <Badge variant="light" color="gray" component="span">
                {count}
              </Badge>
            )}
          </UnstyledButton>
        </Title>
      </Group>
      <div id={contentId} hidden={!expanded}>
        {expanded ? children() : null}
      </div>
    </Box>
  );
}
