// A list's page controls, each labelled for screen readers; nothing when the list fits one page.
import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ListPager({
  pages,
  page,
  onChange,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      size="sm"
      siblings={1}
      getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
    />
  );
}
