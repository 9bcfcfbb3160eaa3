import { useLayoutEffect } from 'react';

/**
 * The performance mark of the portal's first content: the first signed-in page on screen with its data
 * (or its empty state), in this document. Set once, in the commit that puts that content into the DOM;
 * the widget benchmark reads it after the fact (from the standalone page and from inside the frame), and
 * it is there for any real-user timing too (`performance.getEntriesByName(FIRST_CONTENT_MARK)`).
 */
export const FIRST_CONTENT_MARK = 'portal:first-content';

/** Sets `FIRST_CONTENT_MARK` once `shown` (the page's data is rendered), unless an earlier page set it. */
export function useFirstContentMark(shown: boolean): void {
  useLayoutEffect(() => {
    if (shown && performance.getEntriesByName(FIRST_CONTENT_MARK, 'mark').length === 0) {
      performance.mark(FIRST_CONTENT_MARK);
    }
  }, [shown]);
}
