// The first- and last-name fields that onboarding and settings both ask for, with the one rule
// the console checks itself before the server does: neither may be blank.
import { SimpleGrid, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export type NameField = 'first_name' | 'last_name';
export type Names = Record<NameField, string>;

/** The trimmed names, and an error for each blank one (texts under `keyPrefix`). */
export function checkNames(names: Names, t: TFunction, keyPrefix: string) {
  const trimmed = { first_name: names.first_name.trim(), last_name: names.last_name.trim() };
  const missing: Partial<Record<NameField, string>> = {
    ...(trimmed.first_name === '' ? { first_name: t(`${keyPrefix}.firstNameRequired`) } : {}),
    ...(trimmed.last_name === '' ? { last_name: t(`${keyPrefix}.lastNameRequired`) } : {}),
  };
  return { trimmed, missing, ok: Object.keys(missing).length === 0 };
}

export function NameFields(props: {
  names: Names;
  errors: Partial<Record<NameField, string | undefined>>;
  keyPrefix: string;
  onChange: (field: NameField, value: string) => void;
}) {
  const { t } = useTranslation();
  const input = (field: NameField, label: string, autoComplete: string) => (
    <TextInput
      label={t(`${props.keyPrefix}.${label}`)}
      name={field}
      autoComplete={autoComplete}
      required
      maxLength={100}
      value={props.names[field]}
      error={props.errors[field]}
      onChange={(event) => props.onChange(field, event.currentTarget.value)}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      {input('first_name', 'firstName', 'given-name')}
      {input('last_name', 'lastName', 'family-name')}
    </SimpleGrid>
  );
}
