import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ContentSearchActorSignatures as Sig } from '../../../machines/content/ports';
import { contentSearchMachine } from '../../../machines/content/contentSearch.machine';
import type { ContentArea } from '../../domain/content';
import { inspect } from '../../inspect';
import { ContentSearch } from '../../views/content/ContentSearch';
import { promiseActor } from '../ports';
import { useAppActors } from '../shell/appActors';
import { useContentLang } from './queries';

// The search box of an area's home or of one category, asking searchContent in the page's
// language. A new area, category or language is a new search (the caller keys it).

function SearchBox({ area, category, label }: { area: ContentArea; category?: string; label: string }) {
  const { ports } = useAppActors();
  const lang = useContentLang();
  const machine = useMemo(
    () =>
      contentSearchMachine.provide({
        actors: {
          searchContent: promiseActor<Sig['searchContent']>(async ({ query }) =>
            (await ports.content()).search({ area, query, lang, ...(category ? { category } : {}) }),
          ),
        },
      }),
    [ports, area, category, lang],
  );
  const actor = useActorRef(machine, { inspect });
  return <ContentSearch actor={actor} label={label} />;
}

export function ContentSearchHost(props: { area: ContentArea; category?: string; label: string }) {
  const lang = useContentLang();
  return <SearchBox key={`${props.area}/${props.category ?? ''}/${lang}`} {...props} />;
}
