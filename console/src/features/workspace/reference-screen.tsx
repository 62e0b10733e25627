// /workspace: the API reference with its try-it, authenticated with the user's test token. The API
// shows a token only when it is made, so the workspace offers to make one for itself (kept in this
// browser, workspace-token.ts) or takes one pasted. Live mode takes a pasted live token and is
// read-only (workspace-requests.ts); the page says so above the reference.
import type { CreatedApiToken } from '@contrail/sdk';
import { getListApiTokensQueryKey, useCreateApiToken } from '@contrail/sdk/react';
import {
  Alert,
  Button,
  Center,
  Group,
  Anchor,
  Input,
  Loader,
  NativeSelect,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { SectionCard } from '../../components/section-card';
import { useCurrentAccount } from '../../hooks/use-current-account';
import { takeApiTokenCookie } from '../../lib/api-tokens/token-cookie';
import { navigate, useQueryParam } from '../../lib/router';
import { allSections, sectionDocument, sectionsOf, type Contract } from './contract-sections';
import { useWorkspaceTexts } from './texts';
import { tokenMode, type WorkspaceMode } from './workspace-requests';
import { useWorkspaceTokens, type WorkspaceTokens } from './workspace-token';

// Scalar is the heaviest script of the console: its own chunk. It and the contract it shows are
// fetched together, never one after the other (preloadReference).
const loadScalarReference = () => import('./scalar-reference');
const ScalarReference = lazy(loadScalarReference);
const contractUrl = '/api/v1/openapi.json';

const contractQuery = {
  queryKey: ['workspace', 'contract'],
  queryFn: async (): Promise<Contract> => {
    const response = await fetch(contractUrl, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${contractUrl}: ${response.status}`);
    return (await response.json()) as Contract;
  },
  staleTime: Infinity,
};

/**
 * Starts fetching the reference's code and the contract, side by side, without waiting for either:
 * the page asks for them when it starts (routes.tsx), beside the account, and the screen again when
 * it opens (in-app navigation); a second ask joins the first.
 */
export function preloadReference(queryClient: QueryClient): void {
  void loadScalarReference().catch(() => undefined); // a failed chunk is the screen's to show
  void queryClient.prefetchQuery(contractQuery);
}

/** The section a deep link of the reference's own (`#tag/<section>/…`) points into, if any. */
function sectionOfReferenceLink(): string {
  const tag = /^#tag\/([^/]+)/.exec(window.location.hash)?.[1];
  return tag ? decodeURIComponent(tag) : '';
}

const prefixOf = (token: string) => token.slice(0, 'ctr_test_'.length + 4);

export function ReferenceScreen() {
  const account = useCurrentAccount().data;
  if (!account) return null; // the route waits for the account; this is only for the types
  return <Reference accountId={account.id} />;
}

function Reference({ accountId }: { accountId: string }) {
  const { t } = useWorkspaceTexts();
  const modeLabelId = useId();
  const [mode, setMode] = useState<WorkspaceMode>('test');
  const tokens = useWorkspaceTokens(accountId);
  const token = mode === 'test' ? tokens.test : tokens.live;
  const refusal = useCallback((method: string) => t('reference.liveRefused', { method }), [t]);
  const queryClient = useQueryClient();
  useEffect(() => preloadReference(queryClient), [queryClient]);
  const contract = useQuery(contractQuery);
  const sections = useMemo(() => (contract.data ? sectionsOf(contract.data) : []), [contract.data]);
  // The section is in the address (`?section=`), so a reload or a shared link opens the same one.
  const [linked] = useState(sectionOfReferenceLink);
  const asked = useQueryParam('section') || linked;
  const section = asked === allSections || sections.includes(asked) ? asked : (sections[0] ?? null);
  const document = useMemo(
    () => (contract.data && section !== null ? sectionDocument(contract.data, section) : null),
    [contract.data, section],
  );
  const choose = (next: string) =>
    navigate(`${window.location.pathname}?section=${encodeURIComponent(next)}`, { replace: true });
  const loader = (
    <Center py="xl">
      <Loader aria-label={t('reference.loading')} />
    </Center>
  );
  return (
    <Stack gap="lg">
      <SectionCard title={t('reference.title')}>
        <Stack gap="md">
          <Stack gap={4}>
            <Input.Label id={modeLabelId}>{t('reference.mode')}</Input.Label>
            <SegmentedControl
              aria-labelledby={modeLabelId}
              maw={280}
              value={mode}
              onChange={setMode}
              data={[
                { value: 'test', label: t('reference.test') },
                { value: 'live', label: t('reference.live') },
              ]}
            />
          </Stack>
          <Alert color={mode === 'live' ? 'orange' : 'blue'} variant="light" data-mode-note={mode}>
            {mode === 'live' ? t('reference.liveNote') : t('reference.testNote')}
          </Alert>
          <TokenPanel mode={mode} tokens={tokens} />
        </Stack>
      </SectionCard>
      <Group align="flex-end" justify="space-between" gap="sm">
        <NativeSelect
          label={t('reference.section')}
          description={t('reference.sectionHelp')}
          value={section ?? ''}
          onChange={(event) => choose(event.currentTarget.value)}
          data={[...sections, { value: allSections, label: t('reference.allSections') }]}
          disabled={!sections.length}
          style={{ flex: '0 1 420px' }}
          data-reference-section
        />
        <Anchor href={contractUrl} download="openapi.json" size="sm">
          {t('reference.download')}
        </Anchor>
      </Group>
      {contract.isError && <Alert color="red">{t('reference.contractFailed')}</Alert>}
      <Suspense fallback={loader}>
        {document ? (
          // A section is a document of its own: the reference starts afresh with it.
          <ScalarReference key={section} document={document} mode={mode} token={token} refusal={refusal} />
        ) : (
          !contract.isError && loader
        )}
      </Suspense>
    </Stack>
  );
}

function TokenPanel({ mode, tokens }: { mode: WorkspaceMode; tokens: WorkspaceTokens }) {
  const { t } = useWorkspaceTexts();
  const queryClient = useQueryClient();
  const token = mode === 'test' ? tokens.test : tokens.live;
  const set = mode === 'test' ? tokens.setTest : tokens.setLive;
  const create = useCreateApiToken({
    mutation: {
      onSuccess: (details: CreatedApiToken) => {
        // The cookie holds the token just made (and is deleted as it is read); the answer's copy is the fallback.
        tokens.setTest(takeApiTokenCookie(document) ?? details.token);
        void queryClient.invalidateQueries({ queryKey: getListApiTokensQueryKey() });
      },
    },
  });

  if (token !== null)
    return (
      <Group justify="space-between" gap="sm" data-workspace-token={mode}>
        <Text size="sm">
          {t(mode === 'test' ? 'reference.usingToken' : 'reference.usingLive', { prefix: prefixOf(token) })}
        </Text>
        <Button variant="default" size="xs" onClick={() => set(null)}>
          {t('reference.forget')}
        </Button>
      </Group>
    );
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.8">
        {mode === 'test' ? t('reference.noToken') : t('reference.liveToken')}
      </Text>
      {mode === 'test' && (
        <Group>
          <Button
            loading={create.isPending}
            onClick={() => create.mutate({ data: { mode: 'test', name: t('reference.tokenName') } })}
          >
            {t('reference.create')}
          </Button>
        </Group>
      )}
      <PasteToken mode={mode} onToken={set} />
    </Stack>
  );
}

function PasteToken({ mode, onToken }: { mode: WorkspaceMode; onToken: (token: string) => void }) {
  const { t } = useWorkspaceTexts();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const token = value.trim();
    if (tokenMode(token) !== mode) {
      setError(t('reference.wrongMode', { mode }));
      return;
    }
    onToken(token);
    setValue('');
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <PasswordInput
          label={t('reference.paste')}
          description={t('reference.tokenHelp')}
          placeholder={`ctr_${mode}_…`}
          autoComplete="off"
          name={`workspace-${mode}-token`}
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          style={{ flex: '1 1 260px' }}
        />
        <Button type="submit" variant="default">
          {t('reference.use')}
        </Button>
      </Group>
    </form>
  );
}
