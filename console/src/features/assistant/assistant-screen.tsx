// /admin/assistant: Admin and Support ask the back office in plain words (POST /admin_panel/ask) and
// confirm the changes it proposes (POST /admin_panel/execute). The history panel lists the user's
// past conversations; opening one brings its turns back above, each plan with what became of it
// (run by whom, when, and each step's result in words), and a question asked then continues it.
// Keyboard first: Enter sends, Shift+Enter adds a line, the arrows bring back earlier questions
// (recall.ts).
import { ApiError } from '@contrail/sdk';
import {
  getGetAssistantConversationQueryOptions,
  getListAssistantConversationsQueryKey,
  useAskAssistant,
  useExecuteAssistantPlan,
} from '@contrail/sdk/react';
import { Button, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import { SectionCard } from '../../components/section-card';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useLanguage } from '../../lib/i18n';
import { AnswerTables } from './answer-tables';
import { ConversationHistory } from './conversation-history';
import { PlanCard } from './plan-card';
import { recallStep, type Recall } from './recall';
import { useAssistantTexts } from './texts';
import { turnsOf, type Turn } from './turns';

const suggestions = ['channels', 'mainGate', 'sales', 'bookings'] as const;

export function AssistantScreen() {
  const { t } = useAssistantTexts();
  const [language] = useLanguage();
  useDocumentTitle(t('title'));
  const queryClient = useQueryClient();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [conversationId, setConversationId] = useState<string>();
  const [draft, setDraft] = useState('');
  const [recall, setRecall] = useState<Recall>({ index: null });
  const input = useRef<HTMLTextAreaElement>(null);
  const nextKey = useRef(0);
  const [opening, setOpening] = useState<string>();
  const [openError, setOpenError] = useState<string>();
  const ask = useAskAssistant({ mutation: { meta: { silentErrors: true } } });
  const execute = useExecuteAssistantPlan({ mutation: { meta: { silentErrors: true } } });

  const explain = (error: unknown) => {
    const messages = error instanceof ApiError ? error.messages.filter((m) => m.trim() !== '') : [];
    return messages.length > 0 ? messages.join(' ') : t('serverProblem');
  };
  const update = (key: number, change: Partial<Turn>) =>
    setTurns((all) => all.map((turn) => (turn.key === key ? { ...turn, ...change } : turn)));

  const send = (text: string) => {
    const question = text.trim();
    if (question === '' || ask.isPending) return;
    const key = nextKey.current++;
    setTurns((all) => [...all, { key, question }]);
    setDraft('');
    setRecall({ index: null });
    ask.mutate(
      { data: { question, language, ...(conversationId ? { conversation_id: conversationId } : {}) } },
      {
        onSuccess: (answer) => {
          setConversationId(answer.conversation_id);
          update(key, { answer, plan: answer.plan ? { kind: 'open' } : undefined });
          void queryClient.invalidateQueries({ queryKey: getListAssistantConversationsQueryKey() });
        },
        onError: (error) => update(key, { error: explain(error) }),
      },
    );
    input.current?.focus();
  };

  const confirm = (turn: Turn) => {
    const plan = turn.answer?.plan;
    if (!plan) return;
    update(turn.key, { plan: { kind: 'running' } });
    execute.mutate(
      { data: { plan_id: plan.id, plan_hash: plan.hash } },
      {
        onSuccess: (execution) => {
          update(turn.key, { plan: { kind: 'done', execution } });
          // A change may move what any other admin screen shows.
          void queryClient.invalidateQueries();
        },
        onError: (error) => update(turn.key, { plan: { kind: 'failed', detail: explain(error) } }),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send(draft);
      return;
    }
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    const next = recallStep(
      turns.map((turn) => turn.question),
      recall,
      draft,
      event.key,
    );
    if (!next) return;
    event.preventDefault();
    setRecall(next.recall);
    setDraft(next.value);
  };

  const restart = () => {
    setTurns([]);
    setConversationId(undefined);
    setRecall({ index: null });
    setOpenError(undefined);
    input.current?.focus();
  };

  /** Brings a past conversation back above; the next question continues it. */
  const reopen = (id: string) => {
    setOpening(id);
    setOpenError(undefined);
    queryClient
      .fetchQuery({ ...getGetAssistantConversationQueryOptions(id), staleTime: 0 })
      .then((record) => {
        const restored = turnsOf(record, () => nextKey.current++);
        setTurns(restored);
        setConversationId(record.id);
        setRecall({ index: null });
        input.current?.focus();
      })
      .catch((error: unknown) => setOpenError(explain(error)))
      .finally(() => setOpening(undefined));
  };

  return (
    <Stack gap="lg">
      <SectionCard title={t('title')} lead={t('lead')}>
        <Stack gap="md" role="log" aria-label={t('conversation')} data-conversation>
          {turns.length === 0 && (
            <Text size="sm" c="gray.8">
              {t('empty')}
            </Text>
          )}
          {turns.map((turn) => (
            <Stack gap="xs" key={turn.key} data-turn>
              <Paper bg="gray.0" p="sm" radius="md">
                <Text size="xs" fw={700} c="gray.8">
                  {t('you')}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {turn.question}
                </Text>
              </Paper>
              <Stack gap="sm" pl={{ base: 0, sm: 'md' }} data-answer>
                {turn.answer ? (
                  <>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {turn.answer.answer}
                    </Text>
                    <AnswerTables tables={turn.answer.tables} />
                    {turn.answer.plan && turn.plan && (
                      <PlanCard
                        plan={turn.answer.plan}
                        state={turn.plan}
                        onConfirm={() => confirm(turn)}
                        onCancel={() => update(turn.key, { plan: { kind: 'cancelled' } })}
                      />
                    )}
                    {turn.answer.planner && (
                      <Text size="xs" c="gray.8">
                        {t(`planner.${turn.answer.planner}`)}
                      </Text>
                    )}
                  </>
                ) : turn.error ? (
                  <Text size="sm" c="red.9" role="alert">
                    {t('failed', { detail: turn.error })}
                  </Text>
                ) : (
                  <Group gap="xs">
                    <Loader size="xs" />
                    <Text size="sm" c="gray.8">
                      {t('thinking')}
                    </Text>
                  </Group>
                )}
              </Stack>
            </Stack>
          ))}
        </Stack>
        <Stack gap={6} role="group" aria-label={t('suggestions')} data-suggestions>
          <Text size="sm" fw={600} component="span">
            {t('suggestions')}
          </Text>
          <Group gap="xs">
            {suggestions.map((key) => (
              <Button
                key={key}
                size="xs"
                radius="xl"
                variant="light"
                disabled={ask.isPending}
                onClick={() => send(t(`suggested.${key}`))}
              >
                {t(`suggested.${key}`)}
              </Button>
            ))}
          </Group>
        </Stack>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send(draft);
          }}
        >
          <Stack gap="xs">
            <Textarea
              ref={input}
              label={t('question')}
              description={t('hint')}
              value={draft}
              onChange={(event) => {
                setDraft(event.currentTarget.value);
              }}
              onKeyDown={onKeyDown}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={2000}
              data-autofocus
            />
            <Group gap="sm" justify="space-between">
              <Button type="submit" loading={ask.isPending}>
                {t('send')}
              </Button>
              {turns.length > 0 && (
                <Button variant="subtle" onClick={restart}>
                  {t('newConversation')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </SectionCard>
      <SectionCard title={t('history.title')} lead={t('history.lead')}>
        {openError && (
          <Text size="sm" c="red.9" role="alert">
            {t('history.openFailed', { detail: openError })}
          </Text>
        )}
        <ConversationHistory current={conversationId} opening={opening} onOpen={reopen} />
      </SectionCard>
    </Stack>
  );
}
