import { type ReactNode, useState } from 'react';

export interface FoldedDetailsProps {
  /** The disclosure's line, always shown (what the fold holds, with its count). */
  summary: ReactNode;
  /** Whether it starts open (a short table); a folded one builds its content the first time it opens. */
  defaultOpen?: boolean;
  /** The folded content, built when first needed. */
  children: () => ReactNode;
  className?: string;
}

/**
 * The browser's own disclosure (`<details>`) whose content is built the first time it opens, then kept: a long
 * table folded away (each server's or each VM's sizing: a row per server, a 1,000-VM estate's thousand) costs the
 * page's load nothing until a reader asks for it. Its summary is the browser's own control (Enter and Space, a
 * screen reader's expanded state). Trade-off: the browser's find-in-page does not reach rows never opened.
 */
export function FoldedDetails({ summary, defaultOpen = false, children, className }: FoldedDetailsProps) {
  const [opened, setOpened] = useState(defaultOpen);
  return (
    <details
      className={className}
      open={defaultOpen}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>{summary}</summary>
      {opened && children()}
    </details>
  );
}
