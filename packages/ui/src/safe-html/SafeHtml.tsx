import DOMPurify from 'dompurify';
import { useMemo, type ElementType } from 'react';

/** Sanitizes server-provided HTML: scripts, event handlers, `javascript:` URLs, forms and frames are removed. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}

// Links that open a new window never get access to window.opener.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

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

/** The only place in the kit where HTML is inserted: always through DOMPurify. */
export function SafeHtml({ html, as: Tag = 'div', className, id }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
