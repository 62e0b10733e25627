// The start of the search screen: trip type, legs, passengers and cabin. While a search runs the
// form stays on screen under a progress overlay (airlines may take seconds to answer).
import { Button, Card, Group, Loader, LoadingOverlay, SegmentedControl, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { today } from '../booking-draft';
import { emptyLeg, legsFor, maxLegs, tripTypes, type DraftErrors, type SearchDraft } from '../search-draft';
import { LegFields } from './leg-fields';
import { PassengerFields } from './passenger-fields';

export function SearchForm({
  draft,
  onChange,
  errors,
  onErrorsChange,
  searching,
  onSubmit,
}: {
  draft: SearchDraft;
  onChange: (draft: SearchDraft) => void;
  errors: DraftErrors;
  onErrorsChange: (errors: DraftErrors) => void;
  searching: boolean;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const legs = legsFor(draft);
  const minDate = today();

  const change = (next: SearchDraft, field?: string) => {
    onChange(next);
    if (field && errors[field] !== undefined) {
      const rest = { ...errors };
      delete rest[field];
      onErrorsChange(rest);
    }
  };
  const setLeg = (index: number) => (leg: SearchDraft['legs'][number], field: string) => {
    const next = [...legs];
    next[index] = leg;
    change({ ...draft, legs: next }, field);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Card withBorder padding="lg" pos="relative">
      <LoadingOverlay
        visible={searching}
        loaderProps={{ children: <SearchingNote /> }}
        overlayProps={{ blur: 1 }}
        zIndex={5}
      />
      <form onSubmit={submit} noValidate aria-busy={searching}>
        <Stack gap="md">
          <SegmentedControl
            aria-label={t('search.form.tripType')}
            value={draft.trip}
            onChange={(trip) => {
              onErrorsChange({});
              onChange({
                ...draft,
                trip: trip,
                legs: trip === 'multiCity' ? legsFor({ ...draft, trip: 'multiCity' }) : draft.legs,
              });
            }}
            data={tripTypes.map((trip) => ({ value: trip, label: t(`search.trip.${trip}`) }))}
            style={{ alignSelf: 'flex-start' }}
          />
          {legs.map((leg, index) => (
            <LegFields
              key={index}
              leg={leg}
              index={index}
              errors={errors}
              minDate={minDate}
              onChange={setLeg(index)}
              titled={draft.trip === 'multiCity'}
              onRemove={
                draft.trip === 'multiCity' && legs.length > 2
                  ? () => change({ ...draft, legs: legs.filter((_, i) => i !== index) })
                  : undefined
              }
              returnDate={
                draft.trip === 'return'
                  ? {
                      value: draft.returnDate,
                      onChange: (returnDate) =>
                        change({ ...draft, returnDate }, '/origin_destinations/1/departure_date'),
                    }
                  : undefined
              }
            />
          ))}
          {draft.trip === 'multiCity' && legs.length < maxLegs && (
            <Button
              variant="subtle"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => {
                const last = legs[legs.length - 1];
                change({ ...draft, legs: [...legs, { ...emptyLeg, origin: last?.destination ?? '' }] });
              }}
            >
              {t('search.form.addLeg')}
            </Button>
          )}
          <PassengerFields draft={draft} errors={errors} onChange={change} />
          <Group justify="flex-end">
            <Button type="submit" loading={searching}>
              {t('search.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function SearchingNote() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" role="status">
      <Loader />
      <Text fw={500}>{t('search.form.searching')}</Text>
    </Stack>
  );
}
