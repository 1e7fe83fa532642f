import { useEffect } from 'react';
import { PRODUCT_NAME } from '../config';

/** Sets the tab title ("Login · SafeWork Academy"), so history and tabs are readable. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
