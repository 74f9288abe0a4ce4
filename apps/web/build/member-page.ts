import { basename } from 'node:path';
import type { IndexHtmlTransformContext } from 'vite';

/**
 * Whether a page Vite transforms is the member app's (index.html): the splash and the stylesheet
 * after it are that page's, and leave the back office's own page (backoffice.html) as it is.
 */
export function isMemberPage(ctx: Pick<IndexHtmlTransformContext, 'filename'>): boolean {
  return basename(ctx.filename) === 'index.html';
}
