import { htmlLang, type Locale } from '@wallet/contract/constants';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { classes } from '../classes';

/** The phone the preview stands for: an iPhone 12–15's CSS viewport, the e2e journeys' too. */
export const PHONE = { width: 390, height: 844 } as const;

/**
 * The frame's document: standards mode, and the member page's ground, which the member app
 * sets in index.html rather than in its stylesheet (so its splash paints on it). `html body`
 * outweighs the desk page's own ground, which comes along with the copied stylesheets.
 */
const PHONE_DOCUMENT = `<!doctype html><html><head><meta charset="utf-8"><style>
html body{margin:0;background:radial-gradient(ellipse at 50% -10%,rgba(235,183,34,.14),transparent 55%),radial-gradient(ellipse at 100% 100%,rgba(70,86,133,.35),transparent 50%),#080f24;}
</style></head><body></body></html>`;

const isStylesheet = (node: Node): node is HTMLStyleElement | HTMLLinkElement =>
  node.nodeName === 'STYLE' ||
  (node.nodeName === 'LINK' && (node as HTMLLinkElement).rel === 'stylesheet');

/**
 * Copies the page's stylesheets into the frame's document, which the desk's do not reach: the
 * back office's one stylesheet carries the member app's (main.tsx), and Mantine writes its
 * variables in style elements of its own. Those added to the head later (a chunk's styles in
 * development) are copied as they come.
 */
function mirrorStylesheets(from: Document, to: Document): () => void {
  const copies = new Map<Node, Node>();
  const sync = () => {
    const sheets = new Set<Node>(
      [...from.querySelectorAll('style, link[rel="stylesheet"]')].filter(isStylesheet),
    );
    for (const sheet of sheets) {
      const copy = copies.get(sheet);
      if (!copy) {
        const made = to.importNode(sheet, true);
        to.head.append(made);
        copies.set(sheet, made);
      } else if (sheet.nodeName === 'STYLE' && copy.textContent !== sheet.textContent) {
        copy.textContent = sheet.textContent;
      }
    }
    for (const [sheet, copy] of copies) {
      if (!sheets.has(sheet)) {
        copy.parentNode?.removeChild(copy);
        copies.delete(sheet);
      }
    }
  };
  sync();
  const observer = new MutationObserver(sync);
  observer.observe(from.head, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}

type PhoneFrameProps = {
  /** The frame's accessible name ("Preview on a member's phone"). */
  title: string;
  locale: Locale;
  /** What the phone shows, rendered into the frame's document (its `body`) with the page's tree. */
  children: (body: HTMLElement) => ReactNode;
};

/**
 * A phone-sized frame (390×844) in a device's border, its own document: the member screens in it
 * lay out for the phone's width (their media queries, `vw`, and their modals' fixed overlays are
 * the phone's, not the desk's), as a member sees them.
 */
export function PhoneFrame({ title, locale, children }: PhoneFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    let stop = () => {};
    // The frame's document is ready once it has loaded (srcdoc); a test's jsdom loads about:blank.
    const attach = () => {
      const doc = iframe.contentDocument;
      if (!doc?.body) return;
      stop();
      doc.documentElement.dataset.mantineColorScheme = 'dark';
      stop = mirrorStylesheets(document, doc);
      setBody(doc.body);
    };
    iframe.addEventListener('load', attach);
    return () => {
      iframe.removeEventListener('load', attach);
      stop();
    };
  }, []);

  useEffect(() => {
    if (body) body.ownerDocument.documentElement.lang = htmlLang[locale];
  }, [body, locale]);

  return (
    <div className={classes.phone}>
      <iframe
        ref={frame}
        title={title}
        srcDoc={PHONE_DOCUMENT}
        width={PHONE.width}
        height={PHONE.height}
        className={classes.phoneScreen}
      />
      {body && createPortal(children(body), body)}
    </div>
  );
}
