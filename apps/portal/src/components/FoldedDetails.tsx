import { type ReactNode, useState } from 'react';

export interface FoldedDetailsProps {
  /** The disclosure's line, always shown (what the fold holds, with its count). */
  summary: ReactNode;
  /**
   * Whether it starts open (a short table, built at once); a folded one builds its content the first time it opens.
   * @default false
   */
  defaultOpen?: boolean;
  /** The folded content, built when first needed. */
  children: () => ReactNode;
}

/**
 * The browser's own disclosure (`<details>`) whose content is built the first time it opens, then kept: a long
 * table folded away (each server's or each VM's sizing: a row per server, a 1,000-VM estate's thousand) costs the
 * page's load nothing until a reader asks for it. Its summary is the browser's own control (Enter and Space, a
 * screen reader's expanded state). Trade-off: the browser's find-in-page does not reach rows never opened.
 */
export function FoldedDetails({ summary, defaultOpen = false, children }: FoldedDetailsProps) {
  // Whether a reader has opened it; one that starts open is built from its first render.
  const [opened, setOpened] = useState(false);
  return (
    <details
      open={defaultOpen}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>{summary}</summary>
      {(opened || defaultOpen) && children()}
    </details>
  );
}
