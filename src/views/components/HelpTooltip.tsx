import { Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useContext, useId } from 'react';
import { HelpTooltipsContext } from './helpTooltips';

// spec 000 §6: help tooltips show only for the customer site type (HelpTooltipsContext); a help icon anywhere is a
// HelpTooltip.

export interface HelpTooltipProps {
  /** The help button's name ('About the loan readiness score'). */
  label: string;
  /** The help text, shown on hover, focus or touch, and read as the button's description. */
  text: string;
}

/** A '?' help button with its tooltip, on the customer site type only (nothing elsewhere). */
export function HelpTooltip({ label, text }: HelpTooltipProps) {
  const shown = useContext(HelpTooltipsContext);
  const descriptionId = useId();
  if (!shown) return null;
  return (
    <>
      <Tooltip label={text} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
        <UnstyledButton
          aria-label={label}
          aria-describedby={descriptionId}
          fz="sm"
          fw={700}
          c="gray.8"
          px={6}
          style={{ borderRadius: '50%', border: '1px solid var(--mantine-color-gray-6)', lineHeight: 1.4 }}
        >
          ?
        </UnstyledButton>
      </Tooltip>
      <VisuallyHidden id={descriptionId}>{text}</VisuallyHidden>
    </>
  );
}
