import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorReport } from '../../../machines/ports';
import { pageErrorCatcherMachine, pageErrorCatcherSelectors as select } from '../../../machines/shell/pageErrorCatcher.machine';
import { browserTranslation } from '../../domain/browserTranslation';
import { inspect } from '../../inspect';
import { AppErrorBoundary, type PageCrash } from './AppErrorBoundary';
import { showNotifyToast } from './notify';

// The page error catcher (spec 001 §8) around every page: it watches <html> for the browser's translation (its
// classes and lang, src/domain/browserTranslation.ts) and tells the pageErrorCatcher machine, whose `mount` keys the
// page (a new one remounts it), whose reports go to the app's error reporter and whose notice is a toast.

const NOTICE_NAMESPACES = ['errors'] as const;

export function PageErrorCatcher({ report, children }: { report: (report: ErrorReport) => void; children: ReactNode }) {
  const { t, i18n } = useTranslation(NOTICE_NAMESPACES);
  const catcher = useActorRef(pageErrorCatcherMachine, { inspect });
  const mount = useSelector(catcher, select.mount);
  const crashed = useSelector(catcher, select.crashed);
  const latest = useRef({ report, t });
  useEffect(() => {
    latest.current = { report, t };
  });

  useEffect(() => {
    const html = document.documentElement;
    const check = () => {
      const language = browserTranslation({ htmlClass: html.className, htmlLang: html.lang, appLanguage: i18n.language });
      catcher.send(language === null ? { type: 'page.untranslated' } : { type: 'page.translated', language });
    };
    check();
    const observer = new MutationObserver(check);
    observer.observe(html, { attributes: true, attributeFilter: ['class', 'lang'] });
    return () => observer.disconnect();
  }, [catcher, i18n]);

  // A page can fail in its first commit, before this component's effects run: its failure waits until the catcher's
  // reports and notices are listened to.
  const listening = useRef(false);
  const waiting = useRef<PageCrash[]>([]);
  useEffect(() => {
    const subscriptions = [
      catcher.on('report', (event) => latest.current.report(event.report)),
      catcher.on('notify', (event) => showNotifyToast(event, latest.current.t, NOTICE_NAMESPACES)),
    ];
    listening.current = true;
    for (const crash of waiting.current.splice(0)) catcher.send({ type: 'page.crashed', ...crash });
    return () => {
      listening.current = false;
      subscriptions.forEach((subscription) => subscription.unsubscribe());
    };
  }, [catcher]);
  const onCrash = (crash: PageCrash) => {
    if (listening.current) catcher.send({ type: 'page.crashed', ...crash });
    else waiting.current.push(crash);
  };

  return (
    <AppErrorBoundary key={mount} crashed={crashed} onCrash={onCrash}>
      {children}
    </AppErrorBoundary>
  );
}
