// /settings: the signed-in account's own settings (product spec §3, Account and Settings). Every
// form saves on its own and updates the shared account, so the header follows at once.
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentAccount } from '../../hooks/use-current-account';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AccessSettings } from './components/access-settings';
import { AgencyLogoForm } from './components/agency-logo-form';
import { ContactChangeForm } from './components/contact-change-form';
import { ExtensionConnect } from './components/extension-connect';
import { LanguageForm } from './components/language-form';
import { NotificationPreferencesForm } from './components/notification-preferences-form';
import { ProfileForm } from './components/profile-form';
import { SignInMethodForm } from './components/sign-in-method-form';

export function SettingsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('settings.title'));
  const account = useCurrentAccount().data;
  if (!account) return null;
  return (
    <Stack gap="lg">
      <ProfileForm account={account} />
      <AccessSettings account={account} />
      {account.user_type === 'Supervisor' && account.agency ? (
        <AgencyLogoForm account={account} agencyId={account.agency.id} />
      ) : null}
      <LanguageForm />
      <NotificationPreferencesForm account={account} />
      <SignInMethodForm account={account} />
      <ContactChangeForm kind="email" current={account.email} />
      <ContactChangeForm kind="phone" current={account.phone} />
      {account.user_type === 'Agent' || account.user_type === 'Supervisor' ? <ExtensionConnect /> : null}
    </Stack>
  );
}
