// What a person sees on a page their role has no part in (an agent who opens /agency, /admin/gates
// or /settings/webhooks by its address): one plain sentence and the way home, instead of forms they
// may not use and one refusal per call the page would make.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { linkProps } from '../lib/router';

export function RoleNotice({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={1}>{title}</Title>
      <Text>{text}</Text>
      <Anchor {...linkProps('/')}>{t('backOffice.roleNotice.home')}</Anchor>
    </Stack>
  );
}
