import { MainShell, type MainShellProps } from '../../../src/views/shell/MainShell';

/** The signed-in page frame around a one-line page, for a customer with `areas` (any prop may be overridden). */
export function mainShell(props: Partial<MainShellProps> & Pick<MainShellProps, 'areas'>) {
  return (
    <MainShell
      email="maria@example.com"
      brokerBanner={null}
      bottomNavigation
      creditReviewCount={0}
      devToolsPath={null}
      onSignOut={() => undefined}
      {...props}
    >
      <p>page</p>
    </MainShell>
  );
}
