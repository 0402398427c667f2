import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { disputesDevToolsSelectors } from '../../../machines/disputes/disputesDevTools.machine';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import type { TestPlanStateData } from '../../../machines/devTools/ports';
import { isDeveloperSession } from '../../domain/permissions';
import { effectiveTestPlanState } from '../../domain/testPlans';
import { devToolsPath, isDevToolsSection, ROUTES, type DevToolsSection } from '../../domain/routes';
import { inspect } from '../../inspect';
import { ActionsPanel } from '../../views/devTools/ActionsPanel';
import type { DevToolsActor } from '../../views/devTools/CommandStatus';
import { DataPanel } from '../../views/devTools/DataPanel';
import { DevToolsLayout } from '../../views/devTools/DevToolsLayout';
import { OverridesPanel, type OverridesActor } from '../../views/devTools/OverridesPanel';
import { TestPlansPanel } from '../../views/devTools/TestPlansPanel';
import { DisputesDevTools } from '../../views/disputes/DisputesDevTools';
import { provideDisputesDevToolsMachine } from '../disputes/machines';
import { useAppActors } from '../shell/appActors';
import { useNotify } from '../shell/notify';
import { useUserDocument } from '../shell/userDocument';
import { provideDevToolsMachine, provideOverridesMachine, provideTestPlanRunnerMachine } from './machines';
import { commandNamed, useFollowClaims } from './notify';

// /dev-tools/:section (spec 001 §2 "Developer tools"; never in production: the route is
// built only when src/app/devTools/gate.ts allows, and shown only outside prod and restore). The sections' actors
// live for the page, so switching sections keeps a running plan or a command's answer. /dev-tools and unknown
// sections go to the Actions section.

function DisputesClock() {
  const { ports } = useAppActors();
  const machine = useMemo(() => provideDisputesDevToolsMachine(ports), [ports]);
  const advance = useActorRef(machine, { inspect });
  const busy = useSelector(advance, disputesDevToolsSelectors.busy);
  const asOf = useSelector(advance, disputesDevToolsSelectors.asOf);
  useNotify(advance, 'disputes');
  return <DisputesDevTools visible busy={busy} asOf={asOf} onAdvance={(days) => advance.send({ type: 'bureaus.advance', days })} />;
}

interface DevToolsPageProps {
  section: string;
  isDeveloper: boolean;
  overridesActive: boolean;
  /** users/{uid}.testPlan as stored (live): the runner starts from it and reads it again while a step runs. */
  testPlan: TestPlanStateData | null;
}

/** The test state as the tester should see it now: a running step past TEST_STEP_STALE_MS reads as failed. */
function effectiveNow(testPlan: TestPlanStateData | null): TestPlanStateData | null {
  return testPlan ? effectiveTestPlanState(testPlan, Date.now()) : null;
}

function DevToolsPage({ section, isDeveloper, overridesActive, testPlan }: DevToolsPageProps) {
  const { ports } = useAppActors();
  const commandsMachine = useMemo(() => provideDevToolsMachine(ports), [ports]);
  const overridesMachine = useMemo(() => provideOverridesMachine(ports), [ports]);
  const commands = useActorRef(commandsMachine, { inspect });
  const overrides = useActorRef(overridesMachine, { input: { active: overridesActive }, inspect });
  useNotify(commands, 'devTools', commandNamed);
  useNotify(overrides, 'devTools', commandNamed);
  useFollowClaims(overrides);
  if (!isDevToolsSection(section)) return <Navigate to={devToolsPath('actions')} replace />;
  // The runner reads the developer fact once: new claims (an override turned the developer flag off, or a restore
  // turned it back) start it again with them, as the settings pages' actors do. The overrides actor stays: it is
  // the one that changed the claims and still shows what is in force.
  return (
    <DevToolsSections
      key={isDeveloper ? 'developer' : 'not-developer'}
      section={section}
      isDeveloper={isDeveloper}
      testPlan={testPlan}
      commands={commands}
      overrides={overrides}
    />
  );
}

interface DevToolsSectionsProps {
  section: DevToolsSection;
  isDeveloper: boolean;
  testPlan: TestPlanStateData | null;
  commands: DevToolsActor;
  overrides: OverridesActor;
}

function DevToolsSections({ section, isDeveloper, testPlan, commands, overrides }: DevToolsSectionsProps) {
  const { ports } = useAppActors();
  const navigate = useNavigate();
  // A step left in progress re-reads the user's test state (the live user document) until it is done.
  const latestTestPlan = useRef(testPlan);
  useEffect(() => {
    latestTestPlan.current = testPlan;
  }, [testPlan]);
  const runnerMachine = useMemo(() => provideTestPlanRunnerMachine(ports, () => effectiveNow(latestTestPlan.current)), [ports]);
  const runner = useActorRef(runnerMachine, { input: { isDeveloper, current: effectiveNow(testPlan) }, inspect });
  useNotify(runner, 'devTools', commandNamed);
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
  const testPlan = document?.testPlan ?? null;
  return (
    <DevToolsPage
      section={section}
      isDeveloper={isDeveloperSession(claims)}
      overridesActive={claims.overridesActive === true}
      testPlan={testPlan}
    />
  );
}
