import DOMPurify from 'dompurify';
import { useMemo, useSyncExternalStore, type ElementType } from 'react';

// DOMPurify sanitizes with the DOM's own parser: where there is none (a server rendering with react-dom/server in
// plain Node) the imported instance has no `sanitize` or `addHook` (`isSupported` is false). Nothing here touches
// it when the module loads, so every entry of the kit imports on a server; HTML is only ever inserted sanitized.
let hooked = false;

/** Whether this environment can sanitize HTML (a browser, or a DOM such as jsdom): DOMPurify needs a DOM. */
export function canSanitizeHtml(): boolean {
  return DOMPurify.isSupported;
}

/**
 * Sanitizes server-provided HTML: scripts, event handlers, `javascript:` URLs, forms and frames are removed.
 * Needs a DOM: throws where there is none (on a server, {@link SafeHtml} renders its wrapper empty instead).
 */
export function sanitizeHtml(html: string): string {
  if (!canSanitizeHtml())
    throw new Error(
      'sanitizeHtml needs a DOM (DOMPurify): there is none here, e.g. on a server. SafeHtml renders its HTML in the browser.',
    );
  if (!hooked) {
    // Links that open a new window never get access to window.opener.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}

// Whether a DOM exists never changes while the page lives: nothing to subscribe to.
const noSubscription = () => () => undefined;

export interface SafeHtmlProps {
  /**
   * Untrusted HTML from the server (e.g. a server-rendered modal body); sanitized with DOMPurify before insertion.
   */
  html: string;
  /**
   * Element rendered around the content.
   * @default 'div'
   */
  as?: ElementType;
  /**
   * Class names of the wrapper.
   * @default undefined
   */
  className?: string;
  /**
   * Id of the wrapper, e.g. for aria-describedby.
   * @default undefined
   */
  id?: string;
}

/**
 * The only place in the kit where HTML is inserted: always through DOMPurify. On a server (react-dom/server) and
 * while the browser hydrates that markup, the wrapper renders empty (there is no DOM to sanitize with there, and
 * server HTML is never inserted unsanitized); the sanitized HTML follows right after hydration.
 */
export function SafeHtml({ html, as: Tag = 'div', className, id }: SafeHtmlProps) {
  const domReady = useSyncExternalStore(noSubscription, canSanitizeHtml, () => false);
  const clean = useMemo(() => (domReady ? sanitizeHtml(html) : ''), [domReady, html]);
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
