// A new token: `test` (sandbox airlines) or `live` (needs the agency's production API; otherwise
// the API answers 422 and its detail is shown), with an optional name to tell tokens apart.
import type { ApiTokenRequestMode, CreatedApiToken } from '@contrail/sdk';
import { getListApiTokensQueryKey, useCreateApiToken } from '@contrail/sdk/react';
import { Button, Group, Input, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { takeApiTokenCookie } from '../../../lib/api-tokens/token-cookie';

const fields = ['mode', 'name'] as const;

export function CreateTokenForm({ onCreated }: { onCreated: (token: string, details: CreatedApiToken) => void }) {
  const { t } = useTranslation();
  const modeLabelId = useId();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<ApiTokenRequestMode>('test');
  const [name, setName] = useState('');
  const { errors, report, clear } = useFormErrors(fields);
  const create = useCreateApiToken({
    mutation: {
      meta: { silentErrors: true },
      onError: report,
      onSuccess: (details) => {
        // The cookie holds the token just made; the answer's copy is the fallback.
        onCreated(takeApiTokenCookie(document) ?? details.token, details);
        void queryClient.invalidateQueries({ queryKey: getListApiTokensQueryKey() });
      },
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    create.mutate({ data: { mode, ...(trimmed ? { name: trimmed } : {}) } });
  };

  return (
    <SectionCard title={t('apiTokens.create.title')} lead={t('apiTokens.create.lead')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Stack gap={4}>
              <Input.Label id={modeLabelId}>{t('apiTokens.create.mode')}</Input.Label>
              <SegmentedControl
                aria-labelledby={modeLabelId}
                fullWidth
                value={mode}
                onChange={(value) => {
                  setMode(value);
                  clear('mode');
                }}
                data={[
                  { value: 'test', label: t('apiTokens.mode.test') },
                  { value: 'live', label: t('apiTokens.mode.live') },
                ]}
              />
              {errors.mode && <Input.Error>{errors.mode}</Input.Error>}
            </Stack>
            <TextInput
              label={t('apiTokens.create.name')}
              placeholder={t('apiTokens.create.namePlaceholder')}
              name="token-name"
              autoComplete="off"
              maxLength={100}
              value={name}
              error={errors.name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                clear('name');
              }}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t('apiTokens.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
