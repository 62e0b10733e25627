// A proposed plan: each step in words, with Confirm and Cancel. Confirm runs it once through
// `POST /admin_panel/execute` (the server checks everything again), and each step then shows its
// result in words or its error; Cancel dismisses it and nothing runs. A plan that expired or failed
// its hash says so in words; one reopened from the history shows who ran it and when.
import type { AssistantExecution, AssistantPlan } from '@contrail/sdk';
import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { formatDateTime, useLanguage } from '../../lib/i18n';
import { useAssistantTexts } from './texts';

export type PlanState =
  | { kind: 'open' }
  | { kind: 'cancelled' }
  | { kind: 'running' }
  | { kind: 'done'; execution: AssistantExecution; by?: string }
  | { kind: 'expired'; at: string }
  | { kind: 'failed'; detail: string };

export function PlanCard({
  plan,
  state,
  onConfirm,
  onCancel,
}: {
  plan: AssistantPlan;
  state: PlanState;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useAssistantTexts();
  const [language] = useLanguage();
  const headingId = useId();
  const outcome = state.kind === 'done' ? state.execution.steps : undefined;
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby={headingId}
      data-plan={plan.id}
      data-state={state.kind}
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId}>
          {t('plan.title')}
        </Title>
        {state.kind === 'open' && (
          <Text size="sm" c="gray.8">
            {t('plan.lead')}
          </Text>
        )}
        <List type="ordered" spacing="xs">
          {plan.steps.map((step, i) => {
            const result = outcome?.[i];
            return (
              <List.Item key={i} data-step={step.tool}>
                <Stack gap={2}>
                  <Text size="sm">{step.summary}</Text>
                  {outcome &&
                    (result === undefined ? (
                      <Text size="sm" c="gray.8">
                        {t('plan.stepSkipped')}
                      </Text>
                    ) : result.ok ? (
                      <Stack gap={4} data-step-result="ok">
                        <Badge color="teal" variant="light" w="fit-content">
                          {t('plan.stepOk')}
                        </Badge>
                        {result.summary && (
                          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {result.summary}
                          </Text>
                        )}
                      </Stack>
                    ) : (
                      <Text size="sm" c="red.9" data-step-result="error">
                        {t('plan.stepFailed', { detail: result.error?.detail ?? result.error?.code ?? '' })}
                      </Text>
                    ))}
                </Stack>
              </List.Item>
            );
          })}
        </List>
        {state.kind === 'open' || state.kind === 'running' ? (
          <>
            <Text size="xs" c="gray.8">
              {t('plan.expires', { at: formatDateTime(plan.expires_at, language) })}
            </Text>
            <Group gap="sm">
              <Button onClick={onConfirm} loading={state.kind === 'running'}>
                {t('plan.confirm')}
              </Button>
              <Button variant="default" onClick={onCancel} disabled={state.kind === 'running'}>
                {t('plan.cancel')}
              </Button>
            </Group>
          </>
        ) : state.kind === 'cancelled' ? (
          <Text size="sm" c="gray.8">
            {t('plan.cancelled')}
          </Text>
        ) : state.kind === 'done' ? (
          <Text size="sm" c="gray.8">
            {state.by
              ? t('plan.doneBy', { at: formatDateTime(state.execution.executed_at, language), by: state.by })
              : t('plan.done', { at: formatDateTime(state.execution.executed_at, language) })}
          </Text>
        ) : state.kind === 'expired' ? (
          <Text size="sm" c="gray.8">
            {t('plan.expired', { at: formatDateTime(state.at, language) })}
          </Text>
        ) : (
          <Text size="sm" c="red.9" role="alert">
            {t('plan.failed', { detail: state.detail })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
