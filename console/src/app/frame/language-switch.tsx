// EN / UA / PL (product spec §9). Buttons with aria-pressed rather than a select: three options fit,
// and one click switches. Each shows its code and is titled with the language's own name.
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languages, nativeNames, toIntlLocale, useLanguage } from '../../lib/i18n';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const [current, setLanguage] = useLanguage();
  return (
    <Group gap={4} role="group" aria-label={t('language.label')} wrap="nowrap">
      {languages.map((language) => {
        const active = language === current;
        return (
          <Button
            key={language}
            size="compact-sm"
            variant={active ? 'filled' : 'subtle'}
            color={active ? undefined : 'gray'}
            c={active ? undefined : 'gray.8'}
            aria-pressed={active}
            lang={toIntlLocale(language)}
            title={nativeNames[language]}
            onClick={() => setLanguage(language)}
          >
            {language.toUpperCase()}
          </Button>
        );
      })}
    </Group>
  );
}
