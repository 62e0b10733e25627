// The gates panel's two lists (product spec §4): open and closed. A switched row leaves the list.
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type GateList = 'open' | 'closed';

export function GateTabs({ value, onChange }: { value: GateList; onChange: (value: GateList) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('backOffice.gate.lists')}
      fullWidth
      value={value}
      onChange={(v) => onChange(v)}
      data={[
        { value: 'open', label: t('backOffice.gate.open') },
        { value: 'closed', label: t('backOffice.gate.closed') },
      ]}
    />
  );
}
