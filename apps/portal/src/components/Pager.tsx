import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Previous/next links of a paged list; the page number lives in the URL (PageNumber). */
export function Pager({ pageNumber, pageSize, totalCount }: { pageNumber: number; pageSize: number; totalCount: number }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  return (
    <nav className="pager" aria-label={t('users.page', { page: pageNumber, pages })}>
      {pageNumber > 1 ? (
        <Link to="." search={(previous: Record<string, unknown>) => ({ ...previous, PageNumber: pageNumber - 1 })}>
          {t('users.previous')}
        </Link>
      ) : (
        <span aria-disabled="true">{t('users.previous')}</span>
      )}
      <span>{t('users.page', { page: pageNumber, pages })}</span>
      {pageNumber < pages ? (
        <Link to="." search={(previous: Record<string, unknown>) => ({ ...previous, PageNumber: pageNumber + 1 })}>
          {t('users.next')}
        </Link>
      ) : (
        <span aria-disabled="true">{t('users.next')}</span>
      )}
    </nav>
  );
}
