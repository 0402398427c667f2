import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { disputesDevToolsSelectors } from '../../../machines/disputes/disputesDevTools.machine';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import type { TestPlanStateData } from '../../../machines/devTools/ports';
import { isDeveloperSession } from '../../domain/permissions';
import { effectiveTestPlanState } from '../../domain/testPlans';
import { devToolsPath, isDevToolsSection, ROUTES } from '../../domain/routes';
import { inspect } from '../../inspect';
import { ActionsPanel } from '../../views/devTools/ActionsPanel';
import { DataPanel } from '../../views/devTools/DataPanel';
import { DevToolsLayout } from '../../views/devTools/DevToolsLayout';
import { OverridesPanel } from '../../views/devTools/OverridesPanel';
import { TestPlansPanel } from '../../views/devTools/TestPlansPanel';
import { DisputesDevTools } from '../../views/disputes/DisputesDevTools';
import { useDisputesNotify } from '../disputes/facts';
import { provideDisputesDevToolsMachine } from '../disputes/machines';
import { useAppActors } from '../shell/appActors';
import { useUserDocument } from '../shell/userDocument';
import { provideDevToolsMachine, provideOverridesMachine, provideTestPlanRunnerMachine } from './machines';
import { useDevToolsNotify, useFollowClaims } from './notify';

// /dev-tools/:section (spec 001 §2 "Developer tools", issue 14 items 9, 13, 14; never in production: the route is
// built only when src/app/devTools/gate.ts allows, and shown only outside prod and restore). The sections' actors
// live for the page, so switching sections keeps a running plan or a command's answer. /dev-tools and unknown
// sections go to the Actions section.

function DisputesClock() {
  const { ports } = useAppActors();
  const machine = useMemo(() => provideDisputesDevToolsMachine(ports), [ports]);
  const advance = useActorRef(machine, { inspect });
  const busy = useSelector(advance, disputesDevToolsSelectors.busy);
  const asOf = useSelector(advance, disputesDevToolsSelectors.asOf);
  useDisputesNotify(advance);
  return <DisputesDevTools visible busy={busy} asOf={asOf} onAdvance={(days) => advance.send({ type: 'bureaus.advance', days })} />;
}

interface DevToolsPageProps {
  section: string;
  isDeveloper: boolean;
  overridesActive: boolean;
  /** users/{uid}.testPlan as the page opened (a stale running step read as failed): the runner resumes there. */
  testPlan: TestPlanStateData | null;
}

function DevToolsPage({ section, isDeveloper, overridesActive, testPlan }: DevToolsPageProps) {
  const { ports } = useAppActors();
  const navigate = useNavigate();
  const commandsMachine = useMemo(() => provideDevToolsMachine(ports), [ports]);
  const runnerMachine = useMemo(() => provideTestPlanRunnerMachine(ports), [ports]);
  const overridesMachine = useMemo(() => provideOverridesMachine(ports), [ports]);
  const commands = useActorRef(commandsMachine, { inspect });
  const runner = useActorRef(runnerMachine, { input: { isDeveloper, current: testPlan }, inspect });
  const overrides = useActorRef(overridesMachine, { input: { active: overridesActive }, inspect });
  useDevToolsNotify(commands);
  useDevToolsNotify(runner);
  useDevToolsNotify(overrides);
  useFollowClaims(overrides);
  if (!isDevToolsSection(section)) return <Navigate to={devToolsPath('actions')} replace />;
  return (
    <DevToolsLayout section={section} onSectionChange={(next) => void navigate(devToolsPath(next))} visualizerPath={ROUTES.statecharts}>
      {section === 'actions' ? <ActionsPanel commands={commands} /> : null}
      {section === 'data' ? <DataPanel commands={commands} disputesPanel={<DisputesClock />} /> : null}
      {section === 'test-plans' ? <TestPlansPanel runner={runner} /> : null}
      {section === 'overrides' ? <OverridesPanel overrides={overrides} /> : null}
    </DevToolsLayout>
  );
}

export default function DevToolsRoute() {
  const { session } = useAppActors();
  const params = useParams();
  const claims = useSelector(session, sessionSelectors.claims);
  const document = useUserDocument();
  const section = params['*'] ?? '';
  // The runner starts from the test state, so the page waits for the user document (undefined while it loads).
  if (claims === null || document === undefined) return null;
  const testPlan = document?.testPlan ? effectiveTestPlanState(document.testPlan, Date.now()) : null;
  return (
    <DevToolsPage
      section={section}
      isDeveloper={isDeveloperSession(claims)}
      overridesActive={claims.overridesActive === true}
      testPlan={testPlan}
    />
  );
}
