import { useLingui } from '@lingui/react';
import type { MouseEvent } from 'react';
import { useSectionTexts, type TextId } from '@/lib/i18n/i18n';
import '../viewer.css';

/** The viewer's sections and the element each link moves to (a heading, or the sizing panel's slot). */
export const VIEWER_SECTIONS = [
  { target: 'viewer-perf-title', text: 'performance.title' },
  { target: 'viewer-capacity', text: 'performance.capacity' },
  { target: 'viewer-nodes-title', text: 'performance.sections.servers' },
  { target: 'viewer-sizing', text: 'performance.sizing.title' },
] as const satisfies readonly { target: string; text: TextId }[];

/**
 * Moves to a section: scrolls it to the top and puts the focus there, so a keyboard or screen reader user goes on
 * from the section, not from the link. The URL keeps its search (range, sizing): no hash is added.
 */
export function goTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  // Focusable by script only: the section is not a tab stop of its own.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}

/**
 * The viewer's section navigation (performance, capacity, servers, sizing): a landmark of plain links that stays at
 * the top of the screen while the page scrolls (viewer.css), wrapping onto a second line on a phone.
 */
export function ViewerSections() {
  useSectionTexts('performance');
  const { _: t } = useLingui();
  return (
    <nav className="viewer-sections" aria-label={t('performance.sections.label')}>
      <ul>
        {VIEWER_SECTIONS.map((section) => (
          <li key={section.target}>
            <a
              href={`#${section.target}`}
              onClick={(event) => {
                goTo(event, section.target);
              }}
            >
              {t(section.text)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
