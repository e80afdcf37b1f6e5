/** What a server modal's own title looks like: the demo API's `.modal-title`, or a leading h1–h3. */
const SERVER_HEADING = '.modal-title, h1, h2, h3';

export interface SplitModalHtml {
  /** The server's own heading text (whitespace collapsed); null when the HTML has none before its content. */
  heading: string | null;
  /** The HTML without that heading (still untrusted: shown through the kit's SafeHtml). */
  body: string;
}

/**
 * Takes the heading a server-rendered modal brings of its own out of its HTML, so the dialog shows one title only
 * (issue 14): the first `.modal-title` or h1–h3, when no text comes before it. The HTML is parsed inert
 * (DOMParser runs no script and loads nothing); the body is sanitized on display as before.
 */
export function splitServerHeading(html: string): SplitModalHtml {
  if (typeof DOMParser === 'undefined') return { heading: null, body: html };
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const heading = doc.body.querySelector(SERVER_HEADING);
  if (!heading) return { heading: null, body: html };
  const before = doc.createRange();
  before.setStart(doc.body, 0);
  before.setEndBefore(heading);
  if (before.toString().trim() !== '') return { heading: null, body: html };
  const text = heading.textContent.replace(/\s+/g, ' ').trim();
  heading.remove();
  return { heading: text || null, body: doc.body.innerHTML };
}
