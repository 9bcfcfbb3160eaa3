import { useEffect } from 'react';
import { useTranslation } from '../i18n/react';

/**
 * Sets `<title>` to "page · product" in the current language (the product name is the main texts'
 * `app.name`): the host's pages and every remote's section use this one hook.
 */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const product = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}
