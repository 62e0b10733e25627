// /workspace/sandbox: the developer workspace's sandbox — the agency's own sandbox clock and the
// catalogue of the sandbox airlines' scenarios, each with "Try it". Test mode: the console reaches
// the sandbox channels; the clock's operations refuse live tokens, never the console.
import { useListSandboxScenarios } from '@contrail/sdk/react';
import { Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { ClockPanel } from './components/clock-panel';
import { ScenarioCard } from './components/scenario-card';
import { useSandboxTexts } from './texts';

export function SandboxScreen() {
  const { t } = useSandboxTexts();
  useDocumentTitle(t('title'));
  const scenarios = useListSandboxScenarios();

  return (
    <Stack gap="lg" maw={1120}>
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text size="sm" c="gray.8">
          {t('lead')}
        </Text>
      </Stack>
      <ClockPanel />
      <Stack gap="sm" component="section" aria-labelledby="sandbox-scenarios-title">
        <Title order={2} size="h3" id="sandbox-scenarios-title">
          {t('scenarios.title')}
        </Title>
        <Text size="sm" c="gray.8">
          {t('scenarios.lead')}
        </Text>
        {!scenarios.data ? (
          <Center py="xl">
            <Loader size="sm" aria-label={t('scenarios.running')} />
          </Center>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {scenarios.data.items.map((scenario) => (
              <ScenarioCard key={scenario.id} scenario={scenario} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
