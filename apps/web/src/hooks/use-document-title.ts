import { useEffect } from 'react';

/** Sets the browser tab's title while the calling screen is shown. */
export const useDocumentTitle = (title: string): void => {
  useEffect(() => {
    document.title = title;
  }, [title]);
};
