import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A list's loader, or its empty text once loaded and empty. */
export function ListState({ pending, empty }: { pending: boolean; empty: boolean }) {
  const { t } = useTranslation();
  if (pending)
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Center>
    );
  if (empty)
    return (
      <Text size="sm" c="gray.8">
        {t('backOffice.empty')}
      </Text>
    );
  return null;
}
