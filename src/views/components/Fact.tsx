import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One fact of a description list (inside a `<dl>`): its label small and bold, its value below. A page may set its own
 * look on either (`labelProps`, `valueProps`).
 */
export function Fact({ label, children, labelProps, valueProps }: { label: string; children: ReactNode; labelProps?: TextProps; valueProps?: TextProps }) {
  return (
    <div>
      <Text component="dt" size="sm" fw={600} {...labelProps}>
        {label}
      </Text>
      <Text component="dd" m={0} {...valueProps}>
        {children}
      </Text>
    </div>
  );
}
