// The account's language: switches the interface and saves it to the account (PATCH
// /account/details/update_locale), exactly as the header's switch does.
import { Input, SegmentedControl, Stack } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useChooseLanguage } from '../../../hooks/use-choose-language';
import { languages, nativeNames, toIntlLocale } from '../../../lib/i18n';

export function LanguageForm() {
  const { t } = useTranslation();
  const labelId = useId();
  const [language, choose] = useChooseLanguage();
  return (
    <SectionCard title={t('settings.language.title')} lead={t('settings.language.lead')}>
      <Stack gap={4}>
        <Input.Label id={labelId}>{t('settings.language.label')}</Input.Label>
        <SegmentedControl
          aria-labelledby={labelId}
          fullWidth
          value={language}
          onChange={(value) => choose(value)}
          data={languages.map((code) => ({
            value: code,
            label: <span lang={toIntlLocale(code)}>{nativeNames[code]}</span>,
          }))}
        />
      </Stack>
    </SectionCard>
  );
}
