import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { linkProps } from '../../lib/router';

/** Any path the console has no screen for. */
export function NotFoundScreen({ path }: { path: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <Stack gap="sm" maw={640}>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text c="gray.8">{t('notFound.text', { path })}</Text>
      <Anchor {...linkProps('/')}>{t('notFound.backHome')}</Anchor>
    </Stack>
  );
}
