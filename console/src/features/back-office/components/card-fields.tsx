// A card's fields as typed: the number (only for a new card: it never comes back), expiry and
// holder. The number is checked and sealed by the API.
import { NumberInput, TextInput } from '@mantine/core';
import { useManageTexts } from '../../../hooks/use-manage-texts';

export interface CardDraft {
  number: string;
  exp_month: number;
  exp_year: number;
  holder: string;
}

export const emptyCard = (): CardDraft => ({
  number: '',
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  holder: '',
});

export function CardFields({
  draft,
  onChange,
  withNumber,
}: {
  draft: CardDraft;
  onChange: (draft: CardDraft) => void;
  withNumber?: boolean;
}) {
  const { t } = useManageTexts();
  return (
    <>
      {withNumber && (
        <TextInput
          label={t('backOffice.cards.number')}
          autoComplete="off"
          w={220}
          value={draft.number}
          onChange={(e) => onChange({ ...draft, number: e.currentTarget.value })}
        />
      )}
      <NumberInput
        label={t('backOffice.cards.month')}
        min={1}
        max={12}
        w={80}
        value={draft.exp_month}
        onChange={(v) => onChange({ ...draft, exp_month: Number(v) })}
      />
      <NumberInput
        label={t('backOffice.cards.year')}
        min={2000}
        max={2100}
        w={100}
        value={draft.exp_year}
        onChange={(v) => onChange({ ...draft, exp_year: Number(v) })}
      />
      <TextInput
        label={t('backOffice.cards.holder')}
        w={200}
        value={draft.holder}
        onChange={(e) => onChange({ ...draft, holder: e.currentTarget.value })}
      />
    </>
  );
}
