import { type Banner, type LocalBanner, type LocalText, textIn } from '@wallet/contract/common';
import type { Locale } from '@wallet/contract/constants';
import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';

/**
 * Operator-written HTML (conditions, agreements, banners, the refund info, bonus and promotion
 * texts, the wheel's slice descriptions) is rendered by the web app as HTML, so it is cleaned
 * on the server: text formatting, lists, tables, links and images stay; scripts, event
 * handlers, styles, frames and `javascript:` URLs go. It is cleaned where the seed writes it
 * and again wherever it is read to be served (the settings' schemas, the bonus and wheel
 * answers), so a row written any other way (the back office, a hand edit) is just as safe,
 * without a sanitiser in the browser bundle.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code'],
    ...['b', 'strong', 'i', 'em', 'u', 's', 'small', 'mark', 'sub', 'sup', 'span', 'div'],
    ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img'],
    ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption'],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
  },
};

/** The same few texts are served over and over, so their cleaned form is kept (a few hundred texts). */
const cleaned = new LRUCache<string, string>({
  max: 500,
  memoMethod: (html) => sanitizeHtml(html, options),
});

export function cleanOperatorHtml(html: string): string {
  return cleaned.memo(html);
}

/** An operator's text in every language, each cleaned. */
export function cleanLocalHtml(text: LocalText): LocalText {
  return {
    th: cleanOperatorHtml(text.th),
    la: cleanOperatorHtml(text.la),
    en: cleanOperatorHtml(text.en),
  };
}

/** Banners as a member of `locale` reads them: the picture and the text of their language. */
export function bannersIn(banners: readonly LocalBanner[], locale: Locale): Banner[] {
  return banners.map((banner) => ({
    image: banner.image,
    html: cleanOperatorHtml(textIn(banner.html, locale)),
  }));
}
