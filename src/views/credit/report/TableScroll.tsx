import type { ReactNode } from 'react';
import classes from './report.module.css';

/**
 * A wide table that scrolls sideways on a narrow screen. Keyboard users scroll it too: the frame takes focus
 * (WCAG 2.1.1) and is named after its table.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.tableScroll} tabIndex={0} role="group" aria-label={label}>
      {children}
    </div>
  );
}
