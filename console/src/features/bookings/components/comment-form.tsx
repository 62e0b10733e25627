// A comment on the booking for everyone who sees it; it goes into the history.
import { getListBookingHistoryQueryKey, useCommentBooking } from '@contrail/sdk/react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../notifications';

const maxLength = 2000;

export function CommentForm({ locator }: { locator: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const comment = useCommentBooking({
    mutation: {
      onSuccess: () => {
        setText('');
        void queryClient.invalidateQueries({ queryKey: getListBookingHistoryQueryKey(locator) });
        notify({ type: 'success', text: t('bookings.comment.done') });
      },
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = text.trim();
        if (!trimmed) return setError(t('bookings.comment.required'));
        comment.mutate({ data: { locator, text: trimmed } });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t('bookings.comment.label')}
          placeholder={t('bookings.comment.placeholder')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={maxLength}
          value={text}
          error={error}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(undefined);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" size="xs" loading={comment.isPending}>
            {t('bookings.comment.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
