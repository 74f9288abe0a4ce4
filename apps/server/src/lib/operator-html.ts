import sanitizeHtml from 'sanitize-html';

/**
 * Operator-written HTML (conditions, agreements, and later banners and bonus texts) is
 * rendered by the web app as HTML, so it is cleaned where it is stored: text formatting,
 * lists, tables, links and images stay; scripts, event handlers, styles, frames and
 * `javascript:` URLs go. Cleaning on the way in keeps every reader safe without a sanitiser in
 * the browser bundle.
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

export function cleanOperatorHtml(html: string): string {
  return sanitizeHtml(html, options);
}
