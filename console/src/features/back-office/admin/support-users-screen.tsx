// /admin/support_users: platform support staff. Only an Admin may add one (the API refuses Support).
import { useCreateSupport, useListSupports } from '@contrail/sdk/react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ListState } from '../components/loading';
import { PeopleTable } from '../components/people-table';
import { PersonForm } from '../components/person-form';
import { useSaved } from '../use-back-office';

export function SupportUsersScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('backOffice.nav.supportUsers'));
  const list = useListSupports({ per_page: 100 });
  const saved = useSaved();
  const create = useCreateSupport({ mutation: { onSuccess: saved } });
  const people = list.data?.data ?? [];
  return (
    <SectionCard title={t('backOffice.nav.supportUsers')}>
      <ListState pending={list.isPending} empty={people.length === 0} />
      {people.length > 0 && <PeopleTable people={people} label={t('backOffice.nav.supportUsers')} />}
      <PersonForm
        submitLabel={t('backOffice.supportUsers.add')}
        pending={create.isPending}
        onSubmit={(data, reset) => create.mutate({ data }, { onSuccess: reset })}
      />
    </SectionCard>
  );
}
