import { Button, Group, Overlay, Popover, Portal, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TourTarget } from '../../../machines/hub/tour.machine';
import { RESIZE_DEBOUNCE_MS } from '../../domain/constants';

// The guided tour overlay (spec 002 §2, §4 Tour), with Mantine's own parts: the page dims behind an overlay, the
// highlighted part is cut out of it with a ring around it, and a popover next to it says what the part is for.
// Keyboard: focus moves into the popover (its Next button, so Enter walks the tour) and stays there (focus trap);
// Back and Close are buttons; Escape or a click on the dimmed page dismisses the tour. The step's text is announced
// as it changes.

export interface GuidedTourProps {
  /** The highlighted part's DOM id; null: the tour is closed. */
  target: TourTarget | null;
  /** 1-based step and the number of steps. */
  step: number;
  total: number;
  onNext: () => void;
  onBack: () => void;
  onDismiss: () => void;
}

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

const RING_PX = 6;

/** The target's box in page coordinates (the spotlight scrolls with the page). */
function boxOf(element: HTMLElement): Box {
  const rect = element.getBoundingClientRect();
  return { top: rect.top + window.scrollY - RING_PX, left: rect.left + window.scrollX - RING_PX, width: rect.width + 2 * RING_PX, height: rect.height + 2 * RING_PX };
}

function useTargetBox(target: TourTarget | null): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  const measure = useCallback(() => {
    const element = target === null ? null : document.getElementById(target);
    setBox(element === null ? null : boxOf(element));
  }, [target]);
  useLayoutEffect(() => {
    const element = target === null ? null : document.getElementById(target);
    element?.scrollIntoView?.({ block: 'center' });
    measure();
  }, [target, measure]);
  // spec 001 §9: the highlight follows a window resize once it settles (250 ms), not at every frame of it.
  const measureSettled = useDebouncedCallback(measure, RESIZE_DEBOUNCE_MS);
  useEffect(() => {
    if (target === null) return undefined;
    window.addEventListener('resize', measureSettled);
    return () => window.removeEventListener('resize', measureSettled);
  }, [target, measureSettled]);
  return box;
}

export function GuidedTour({ target, step, total, onNext, onBack, onDismiss }: GuidedTourProps) {
  const { t } = useTranslation('hub');
  const box = useTargetBox(target);
  const titleId = useId();
  const bodyId = useId();
  const next = useRef<HTMLButtonElement>(null);
  const opened = target !== null && box !== null;

  // Every step's Next takes focus, so the keyboard stays on the tour's way forward.
  useEffect(() => {
    if (opened) next.current?.focus();
  }, [opened, target]);

  useEffect(() => {
    if (!opened) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onDismiss();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened, onDismiss]);

  if (!opened) return null;
  const isLast = step === total;
  return (
    <Portal>
      <Overlay fixed backgroundOpacity={0} zIndex={200} onClick={onDismiss} data-testid="tour-overlay" />
      <Popover opened position="bottom" withArrow shadow="md" width={340} zIndex={300} trapFocus closeOnEscape={false} closeOnClickOutside={false} withRoles={false}>
        <Popover.Target>
          <div
            data-tour-spotlight={target}
            aria-hidden
            style={{
              position: 'absolute',
              zIndex: 201,
              pointerEvents: 'none',
              top: box.top,
              left: box.left,
              width: box.width,
              height: box.height,
              borderRadius: 8,
              outline: '3px solid var(--mantine-color-purple-7)',
              boxShadow: '0 0 0 100vmax rgba(0, 0, 0, 0.55)',
            }}
          />
        </Popover.Target>
        <Popover.Dropdown role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={bodyId}>
          <Stack gap="sm">
            <div aria-live="polite">
              <Text size="sm" c="gray.8">
                {t('tour.stepOf', { step, total })}
              </Text>
              <Title order={2} size="h5" id={titleId}>
                {t(`tour.steps.${target}.title`)}
              </Title>
              <Text id={bodyId} mt={4}>
                {t(`tour.steps.${target}.body`)}
              </Text>
            </div>
            <Group justify="space-between" wrap="nowrap">
              <Button variant="subtle" color="gray" c="gray.8" onClick={onDismiss}>
                {t('tour.close')}
              </Button>
              <Group gap="xs" wrap="nowrap">
                {step > 1 ? (
                  <Button variant="default" onClick={onBack}>
                    {t('tour.back')}
                  </Button>
                ) : null}
                <Button ref={next} onClick={onNext} data-autofocus>
                  {isLast ? t('tour.finish') : t('tour.next')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Portal>
  );
}
