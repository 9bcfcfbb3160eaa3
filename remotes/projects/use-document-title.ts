import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/react';

/** Sets `<title>` to "page · product", like the host's pages (the product name is the host's text). */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const product = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}
