import { Alert, Button, Fieldset, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  OVERRIDABLE_CLAIMS,
  OVERRIDE_PRODUCT_LINES,
  OVERRIDE_ROLES,
  overridesSelectors as select,
  type overridesMachine,
  type UserOverridesData,
} from '../../../machines/devTools/overrides.machine';
import { useServerError } from './serverError';

// The Overrides section (spec 000 §6): role, developer flag, claims, product line and company flag
// of the developer's own account; each "Unchanged" unless chosen. Apply, then the app follows the new claims; while
// they are active, Restore puts the account's own values back (the shell's marker offers it on every page too).

export type OverridesActor = ActorRefFrom<typeof overridesMachine>;

const UNCHANGED = '';

function yesNo(value: boolean | undefined): string {
  return value === undefined ? UNCHANGED : value ? 'yes' : 'no';
}
function fromYesNo(value: string): boolean | undefined {
  return value === UNCHANGED ? undefined : value === 'yes';
}

export function OverridesPanel({ overrides }: { overrides: OverridesActor }) {
  const { t } = useTranslation('devTools');
  const form = useSelector(overrides, select.form);
  const busy = useSelector(overrides, select.busy);
  const active = useSelector(overrides, select.active);
  const applying = useSelector(overrides, select.applying);
  const restoring = useSelector(overrides, select.restoring);
  const activeOverrides = useSelector(overrides, select.activeOverrides);
  const errorCode = useSelector(overrides, select.errorCode);
  const errorKey = useSelector(overrides, select.errorKey);
  const serverError = useServerError();
  const change = (next: UserOverridesData) => overrides.send({ type: 'overrides.change', overrides: next });
  const booleanOptions = [
    { value: UNCHANGED, label: t('overrides.unchanged') },
    { value: 'yes', label: t('overrides.yes') },
    { value: 'no', label: t('overrides.no') },
  ];
  const activeList = Object.entries(activeOverrides).map(([key]) =>
    key === 'claims' ? t('overrides.claimsLegend') : t(`overrides.${key as 'role' | 'isDeveloper' | 'productLine' | 'companyAffiliated'}`),
  );

  return (
    <Stack gap="md">
      <Text>{t('overrides.intro')}</Text>
      {active ? (
        <Alert color="yellow" variant="light" title={t('overrides.activeTitle')} styles={{ title: { color: '#8a3c00' } }}>
          <Stack gap="xs">
            {activeList.length > 0 ? <Text size="sm">{t('overrides.activeList', { list: activeList.join(', ') })}</Text> : null}
            <Group>
              <Button color="#9a3412" onClick={() => overrides.send({ type: 'overrides.restore' })} disabled={busy} loading={restoring}>
                {t('overrides.restore')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {errorCode !== null ? (
        <Alert color="red" variant="light">
          {serverError(errorCode, errorKey)}
        </Alert>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          overrides.send({ type: 'overrides.apply' });
        }}
      >
        <Stack gap="sm" maw={520}>
          <NativeSelect
            label={t('overrides.role')}
            data={[{ value: UNCHANGED, label: t('overrides.unchanged') }, ...OVERRIDE_ROLES.map((role) => ({ value: role, label: role }))]}
            value={form.role ?? UNCHANGED}
            onChange={(event) => change({ ...form, role: (event.currentTarget.value || undefined) as UserOverridesData['role'] })}
          />
          <NativeSelect
            label={t('overrides.isDeveloper')}
            data={booleanOptions}
            value={yesNo(form.isDeveloper)}
            onChange={(event) => change({ ...form, isDeveloper: fromYesNo(event.currentTarget.value) })}
          />
          <NativeSelect
            label={t('overrides.productLine')}
            data={[{ value: UNCHANGED, label: t('overrides.unchanged') }, ...OVERRIDE_PRODUCT_LINES.map((line) => ({ value: line, label: line }))]}
            value={form.productLine ?? UNCHANGED}
            onChange={(event) => change({ ...form, productLine: (event.currentTarget.value || undefined) as UserOverridesData['productLine'] })}
          />
          <NativeSelect
            label={t('overrides.companyAffiliated')}
            data={booleanOptions}
            value={yesNo(form.companyAffiliated)}
            onChange={(event) => change({ ...form, companyAffiliated: fromYesNo(event.currentTarget.value) })}
          />
          <Fieldset legend={t('overrides.claimsLegend')}>
            <Stack gap="sm">
              {OVERRIDABLE_CLAIMS.map((claim) => (
                <NativeSelect
                  key={claim}
                  label={t(`overrides.claims.${claim}`)}
                  data={booleanOptions}
                  value={yesNo(form.claims?.[claim])}
                  onChange={(event) => change({ ...form, claims: { ...form.claims, [claim]: fromYesNo(event.currentTarget.value) } })}
                />
              ))}
            </Stack>
          </Fieldset>
          <Group>
            <Button type="submit" disabled={busy} loading={applying}>
              {t('overrides.apply')}
            </Button>
          </Group>
          <div role="status" aria-live="polite">
            {applying ? <Text size="sm">{t('overrides.applying')}</Text> : null}
            {restoring ? <Text size="sm">{t('overrides.restoring')}</Text> : null}
          </div>
        </Stack>
      </form>
    </Stack>
  );
}
