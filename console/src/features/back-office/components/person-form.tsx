// Adds a person (supervisor, agent, support user): email and name. They sign in by a code.
import { Button, SimpleGrid, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface PersonFields {
  email: string;
  first_name: string;
  last_name: string;
}

export function PersonForm({
  submitLabel,
  pending,
  onSubmit,
}: {
  submitLabel: string;
  pending: boolean;
  onSubmit: (p: PersonFields, reset: () => void) => void;
}) {
  const { t } = useTranslation();
  const empty = { email: '', first_name: '', last_name: '' };
  const [person, setPerson] = useState<PersonFields>(empty);
  const set = (field: keyof PersonFields) => (event: { currentTarget: { value: string } }) =>
    setPerson({ ...person, [field]: event.currentTarget.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(
      { email: person.email.trim(), first_name: person.first_name.trim(), last_name: person.last_name.trim() },
      () => setPerson(empty),
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm" style={{ alignItems: 'end' }}>
        <TextInput
          label={t('backOffice.person.email')}
          type="email"
          required
          value={person.email}
          onChange={set('email')}
        />
        <TextInput
          label={t('backOffice.person.firstName')}
          required
          value={person.first_name}
          onChange={set('first_name')}
        />
        <TextInput
          label={t('backOffice.person.lastName')}
          required
          value={person.last_name}
          onChange={set('last_name')}
        />
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </SimpleGrid>
    </form>
  );
}
