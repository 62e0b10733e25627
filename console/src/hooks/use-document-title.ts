import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the screen, "Sign in · Contrail", in the interface language. */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation();
  const title = t('app.documentTitle', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
