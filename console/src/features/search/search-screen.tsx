// /search: the flight search. Product spec §4: the screen is either at start (the form) or at a
// result; a search in flight shows its progress over the form, and a failed search — any error,
// a 504 when every airline was late, a 422 when no channel is active — leaves it at start with
// the error's notices (§8), the form still filled in so the agent can try again. The search is kept
// in the address (search-address.ts): a reload or a shared link runs it again.
import type { SearchResult } from '@contrail/sdk';
import { useSearchOffers } from '@contrail/sdk/react';
import { Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { navigate } from '../../lib/router';
import { useNotify, useNotifyError } from '../../notifications';
import { SearchForm } from './components/search-form';
import { SearchResultView } from './components/search-result-view';
import {
  checkDraft,
  draftFieldKeys,
  initialDraft,
  toSearchRequest,
  type DraftErrors,
  type SearchDraft,
} from './search-draft';
import { draftFromQuery, searchQueryOf } from './search-address';
import { splitSearchError } from './search-errors';

export type SearchState = { step: 'start' } | { step: 'result'; result: SearchResult };

export function SearchScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('search.title'));
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [state, setState] = useState<SearchState>({ step: 'start' });
  const [fromAddress] = useState(() => draftFromQuery(window.location.search));
  const [draft, setDraft] = useState<SearchDraft>(fromAddress ?? initialDraft);
  const [errors, setErrors] = useState<DraftErrors>({});

  const search = useSearchOffers({
    mutation: {
      meta: { silentErrors: true },
      onSuccess: (result) => setState({ step: 'result', result }),
      onError: (error) => {
        setState({ step: 'start' });
        const split = splitSearchError(error, draftFieldKeys(draft));
        setErrors(split.fields);
        if (split.noticeOnly) notifyError(error);
        else for (const text of split.others) notify({ type: 'error', text });
      },
    },
  });

  const submit = () => {
    const found = checkDraft(draft, { required: t('search.form.required'), infants: t('search.form.tooManyInfants') });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    navigate(`/search?${searchQueryOf(draft)}`, { replace: window.location.search !== '' });
    search.mutate({ data: toSearchRequest(draft) });
  };

  // A search in the address runs once, as soon as the screen opens (StrictMode mounts twice).
  const ranFromAddress = useRef(false);
  useEffect(() => {
    if (!fromAddress || ranFromAddress.current) return;
    ranFromAddress.current = true;
    search.mutate({ data: toSearchRequest(fromAddress) });
  }, [fromAddress, search]);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('search.title')}
      </Title>
      {state.step === 'start' ? (
        <SearchForm
          draft={draft}
          onChange={setDraft}
          errors={errors}
          onErrorsChange={setErrors}
          searching={search.isPending}
          onSubmit={submit}
        />
      ) : (
        <SearchResultView
          result={state.result}
          onResult={(result) => setState({ step: 'result', result })}
          onExpired={() => setState({ step: 'start' })}
          onNewSearch={() => setState({ step: 'start' })}
        />
      )}
    </Stack>
  );
}
