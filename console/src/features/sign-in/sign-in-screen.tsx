// /sign_in (product spec §2). Sign-in by one-time code or password arrives with accounts; until
// then the route exists so links and server redirects to it already land somewhere meaningful.
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContrailLogo } from '../../components/contrail-logo';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { linkProps } from '../../lib/router';

export function SignInScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.signIn'));
  return (
    <Card withBorder shadow="sm" padding="xl" maw={440} mx="auto" mt="xl">
      <Stack gap="md">
        <Group gap="sm">
          <ContrailLogo size={40} />
          <Text fw={700} size="xl">
            {t('app.name')}
          </Text>
        </Group>
        <Title order={1} size="h2">
          {t('signIn.title')}
        </Title>
        <Text fw={600}>{t('signIn.comingSoon')}</Text>
        <Text c="gray.8">{t('signIn.explanation')}</Text>
        <Anchor {...linkProps('/')}>{t('signIn.backHome')}</Anchor>
      </Stack>
    </Card>
  );
}
