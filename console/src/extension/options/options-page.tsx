// The extension's options: the URL patterns of each GDS's web terminal (the vendors' defaults, and
// the agent's own, e.g. an agency's proxy), saved only once the browser grants those sites (the
// extension reads no page the agent did not allow); and the extension's terms of use.
import { Alert, Anchor, Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/i18n/languages';
import { pathOf, siteOrigin } from '../../marketing/routes';
import { dialects } from '../gds';
import {
  isValidPattern,
  readTerminalPatterns,
  saveTerminalPatterns,
  terminalNames,
  type TerminalPatterns,
} from '../terminals';

export function OptionsPage({ language, origin }: { language: Language; origin: string | null }) {
  const { t } = useTranslation();
  const [patterns, setPatterns] = useState<TerminalPatterns | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => void readTerminalPatterns().then(setPatterns), []);
  if (!patterns) return null;

  const change = (dialect: keyof TerminalPatterns, list: string[]) => setPatterns({ ...patterns, [dialect]: list });
  const save = async () => {
    const all = Object.values(patterns)
      .flat()
      .map((p) => p.trim())
      .filter(Boolean);
    const invalid = all.find((p) => !isValidPattern(p));
    if (invalid) {
      setOutcome({ ok: false, text: t('options.invalid', { pattern: invalid }) });
      return;
    }
    // Asked inside the click (a user gesture), as the browser requires.
    const granted = await chrome.permissions.request({ origins: all });
    if (!granted) {
      setOutcome({ ok: false, text: t('options.denied') });
      return;
    }
    const cleaned = Object.fromEntries(
      Object.entries(patterns).map(([d, list]) => [d, list.map((p) => p.trim()).filter(Boolean)]),
    ) as TerminalPatterns;
    await saveTerminalPatterns(cleaned);
    setOutcome({ ok: true, text: t('options.saved') });
  };
  // The product's "extension terms of use" page, on the console's site once connected.
  const termsUrl = `${origin ?? siteOrigin}${pathOf(language, 'extensionTerms')}`;

  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('options.title')}
        </Title>
        <Title order={2} size="h5">
          {t('options.terminals')}
        </Title>
        <Text size="sm">{t('options.terminalsHint')}</Text>
        {dialects.map((dialect) => (
          <Stack key={dialect} gap={4} data-testid={`options-${dialect}`}>
            <Text fw={600} size="sm">
              {terminalNames[dialect]}
            </Text>
            {patterns[dialect].map((pattern, i) => (
              <Group key={i} gap={4} wrap="nowrap">
                <TextInput
                  aria-label={`${terminalNames[dialect]}: ${t('options.pattern')}`}
                  style={{ flex: 1 }}
                  value={pattern}
                  onChange={(e) =>
                    change(
                      dialect,
                      patterns[dialect].map((p, j) => (j === i ? e.currentTarget.value : p)),
                    )
                  }
                />
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() =>
                    change(
                      dialect,
                      patterns[dialect].filter((_, j) => j !== i),
                    )
                  }
                >
                  {t('options.remove')}
                </Button>
              </Group>
            ))}
            <Button
              variant="default"
              size="xs"
              w="fit-content"
              onClick={() => change(dialect, [...patterns[dialect], ''])}
            >
              {t('options.add')}
            </Button>
          </Stack>
        ))}
        <Button w="fit-content" onClick={() => void save()}>
          {t('options.save')}
        </Button>
        {outcome && (
          <Alert color={outcome.ok ? 'green' : 'red'} data-testid="options-outcome">
            {outcome.text}
          </Alert>
        )}
        <Anchor href={termsUrl} target="_blank" data-testid="options-terms">
          {t('options.terms')}
        </Anchor>
      </Stack>
    </Container>
  );
}
