// EN / UA / PL (product spec §9). Buttons with aria-pressed rather than a select: three options fit,
// and one click switches. Each shows its code and is titled with the language's own name. On a
// phone the three give way to one menu button, so the header keeps to one line in every language.
// Signed in, the choice is also saved as the account's language.
import { Box, Button, Group, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChooseLanguage } from '../../hooks/use-choose-language';
import { languages, nativeNames, toIntlLocale } from '../../lib/i18n';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const [current, choose] = useChooseLanguage();
  return (
    <>
      <Group gap={2} role="group" aria-label={t('language.label')} wrap="nowrap" visibleFrom="xs">
        {languages.map((language) => {
          const active = language === current;
          return (
            <Button
              key={language}
              size="compact-sm"
              px={8}
              variant={active ? 'filled' : 'subtle'}
              color={active ? undefined : 'gray'}
              c={active ? undefined : 'gray.8'}
              aria-pressed={active}
              lang={toIntlLocale(language)}
              title={nativeNames[language]}
              onClick={() => choose(language)}
            >
              {language.toUpperCase()}
            </Button>
          );
        })}
      </Group>
      <Box hiddenFrom="xs">
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="compact-sm"
              variant="light"
              px={8}
              // The name starts with the code it shows (WCAG 2.5.3: a voice user says what they see).
              aria-label={t('language.choose', { code: current.toUpperCase(), language: nativeNames[current] })}
            >
              {current.toUpperCase()}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('language.label')}</Menu.Label>
            {languages.map((language) => (
              <Menu.Item
                key={language}
                lang={toIntlLocale(language)}
                fw={language === current ? 700 : undefined}
                aria-current={language === current ? 'true' : undefined}
                onClick={() => choose(language)}
              >
                {nativeNames[language]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Box>
    </>
  );
}
