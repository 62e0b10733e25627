import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContrailLogo } from '../../components/contrail-logo';
import { linkProps, usePathname } from '../../lib/router';
import { paths } from '../routes';
import classes from './app-frame.module.css';
import { LanguageSwitch } from './language-switch';

const navigation = [
  { path: paths.home, label: 'nav.home' },
  { path: paths.signIn, label: 'nav.signIn' },
] as const;

export function AppHeader() {
  const { t } = useTranslation();
  const pathname = usePathname();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="xl" wrap="nowrap">
        <Anchor {...linkProps(paths.home)} underline="never" c="inherit" aria-label={t('app.homeLink')}>
          <Group gap="xs" wrap="nowrap">
            <ContrailLogo />
            <Text fw={700} size="lg" visibleFrom="xs">
              {t('app.name')}
            </Text>
          </Group>
        </Anchor>
        <nav aria-label={t('nav.label')}>
          <Group gap="xs" wrap="nowrap">
            {navigation.map(({ path, label }) => (
              <Anchor
                key={path}
                {...linkProps(path)}
                className={classes.navLink}
                aria-current={pathname === path ? 'page' : undefined}
              >
                {t(label)}
              </Anchor>
            ))}
          </Group>
        </nav>
      </Group>
      <LanguageSwitch />
    </Group>
  );
}
