// The main navigation on a phone or a narrow window: one "Menu" button that lists every link, so
// none is clipped or hidden (Sales, Analytics, Settings, Admin do not fit beside the language and
// account controls below 62em). The links stay links (in-app navigation, aria-current).
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { linkProps } from '../../lib/router';

export interface NavigationLink {
  path: string;
  label: string;
  current: boolean;
}

export function NavigationMenu({ links }: { links: readonly NavigationLink[] }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          size="compact-md"
          variant="subtle"
          color="gray"
          c="gray.9"
          rightSection={<span aria-hidden="true">▾</span>}
        >
          {t('nav.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('nav.label')}</Menu.Label>
        {links.map(({ path, label, current: here }) => (
          <Menu.Item
            key={path}
            component="a"
            {...linkProps(path)}
            fw={here ? 700 : undefined}
            aria-current={here ? 'page' : undefined}
          >
            {t(label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
