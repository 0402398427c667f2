import { Button, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

// One link of a row of page tabs (a <nav> of them: the credit area, identity protection's sections, the report's
// bureaus, the dispute stages). The current one is marked as the page (aria-current, WCAG 2.2 AA 1.3.1) and drawn
// pressed: light over subtle for a small area row, filled over default for a view switch.

export interface PageTabProps {
  to: string;
  current: boolean;
  look: 'subtle' | 'filled';
  size?: MantineSize;
  rightSection?: ReactNode;
  children: ReactNode;
}

export function PageTab({ to, current, look, size, rightSection, children }: PageTabProps) {
  const variant = look === 'subtle' ? (current ? 'light' : 'subtle') : current ? 'filled' : 'default';
  return (
    <Button component={Link} to={to} size={size} variant={variant} aria-current={current ? 'page' : undefined} rightSection={rightSection}>
      {children}
    </Button>
  );
}
