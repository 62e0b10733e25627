// Deleting a company (staff), confirmed first; the company list is where staff go on.
import type { Company } from '@contrail/sdk';
import { useDeleteCompany } from '@contrail/sdk/react';
import { Group } from '@mantine/core';
import { useManageTexts } from '../../../hooks/use-manage-texts';
import { navigate } from '../../../lib/router';
import { ConfirmButton } from '../components/confirm-button';
import { adminPaths } from '../paths';
import { useBackOfficeRole, useSaved } from '../use-back-office';

export function DeleteCompany({ company }: { company: Company }) {
  const { t } = useManageTexts();
  const role = useBackOfficeRole();
  const saved = useSaved();
  const remove = useDeleteCompany();
  if (!role.staff) return null;
  return (
    <Group>
      <ConfirmButton
        size="sm"
        label={t('manage.company.delete')}
        title={t('manage.company.deleteTitle', { name: company.name })}
        text={t('manage.company.deleteText')}
        confirmLabel={t('manage.company.delete')}
        pending={remove.isPending}
        run={(done) =>
          remove.mutate({ id: company.id }, { onSuccess: () => (done(), saved(), navigate(adminPaths.companies)) })
        }
      />
    </Group>
  );
}
