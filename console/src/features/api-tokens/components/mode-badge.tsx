import type { ApiTokenMode } from '@contrail/sdk';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** `test` in grey, `live` in red: a live token books real tickets. */
export function ModeBadge({ mode }: { mode: ApiTokenMode }) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color={mode === 'live' ? 'red' : 'gray'}>
      {t(`apiTokens.mode.${mode}`)}
    </Badge>
  );
}
