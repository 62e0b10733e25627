// The export: the report comes back as a file and is saved as 'Sales report.xlsx'; an empty range
// and a report too large to answer at once have their own notices (product spec §8).
import { ApiError, exportSales } from '@contrail/sdk';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify, useNotifyError } from '../../../notifications';
import { reportFileName, saveBlob } from '../save-report';

export function ExportButton({ dateFrom, dateTo }: { dateFrom: string; dateTo: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      const blob = await exportSales({
        ...(dateFrom ? { date_from: dateFrom } : {}),
        ...(dateTo ? { date_to: dateTo } : {}),
      });
      saveBlob(blob, reportFileName);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.code === 'no_sales_in_range')
        notify({ type: 'error', text: t('sales.export.empty') });
      else if (error instanceof ApiError && error.status === 413)
        notify({ type: 'success', text: t('sales.export.emailed') });
      else notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="light" loading={busy} onClick={() => void run()}>
      {t('sales.export.button')}
    </Button>
  );
}
