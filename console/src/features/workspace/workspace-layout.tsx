// The developer workspace's frame: its title and its own navigation (reference and try-it, the
// request log, events and webhooks, the sandbox, the guides). Every signed-in user has it; what a
// section shows a role is that section's business. The guides are static pages the API serves
// (/docs/guides), so their link leaves the app.
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { linkProps, usePathname } from '../../lib/router';
import classes from '../../app/frame/app-frame.module.css';
import { useWorkspaceTexts } from './texts';

export const workspacePaths = {
  reference: '/workspace',
  logs: '/workspace/logs',
  events: '/workspace/events',
  sandbox: '/workspace/sandbox',
} as const;

export const guidesPath = '/docs/guides/';

const sections = [
  { path: workspacePaths.reference, label: 'nav.reference' },
  { path: workspacePaths.logs, label: 'nav.logs' },
  { path: workspacePaths.events, label: 'nav.events' },
  { path: workspacePaths.sandbox, label: 'nav.sandbox' },
] as const;

export function WorkspaceLayout({ children }: { children: ReactNode }) {
  const { t } = useWorkspaceTexts();
  const pathname = usePathname();
  useDocumentTitle(t('title'));
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text c="gray.8">{t('lead')}</Text>
      </Stack>
      <nav aria-label={t('nav.label')}>
        <Group gap="xs">
          {sections.map(({ path, label }) => (
            <Anchor
              key={path}
              {...linkProps(path)}
              className={classes.navLink}
              aria-current={pathname === path ? 'page' : undefined}
            >
              {t(label)}
            </Anchor>
          ))}
          <Anchor href={guidesPath} className={classes.navLink}>
            {t('nav.guides')}
          </Anchor>
        </Group>
      </nav>
      {children}
    </Stack>
  );
}
