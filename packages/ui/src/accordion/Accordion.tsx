import { useState, type ReactNode } from 'react';
import {
  Button as AriaButton,
  Disclosure,
  DisclosureGroup,
  DisclosurePanel,
  Heading,
  type Key,
} from 'react-aria-components';
import { readStorage, writeStorage } from '../internal/storage';

/** Reads the persisted open sections; anything unreadable counts as "nothing stored". */
export function readExpandedKeys(storageKey: string): string[] | null {
  const raw = readStorage(storageKey);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : null;
  } catch {
    return null;
  }
}

export interface AccordionProps {
  /**
   * localStorage key under which the ids of the open sections are remembered (JSON array).
   */
  storageKey: string;
  /**
   * The sections (`AccordionItem`s).
   */
  children: ReactNode;
  /**
   * Sections open on first visit, before anything is stored.
   * @default []
   */
  defaultExpandedKeys?: readonly string[];
  /**
   * Whether several sections may be open at once.
   * @default true
   */
  allowsMultipleExpanded?: boolean;
  /**
   * Called with the ids of the open sections after each change.
   * @default undefined
   */
  onExpandedChange?: (keys: string[]) => void;
  /**
   * Whether every section is disabled.
   * @default false
   */
  isDisabled?: boolean;
  /**
   * Extra class names.
   * @default undefined
   */
  className?: string;
}

/**
 * Accordion on React Aria's DisclosureGroup: each section header is a button (aria-expanded, aria-controls)
 * inside a heading; the open sections are remembered in localStorage under `storageKey` (spec part 9).
 */
export function Accordion({
  storageKey,
  children,
  defaultExpandedKeys = [],
  allowsMultipleExpanded = true,
  onExpandedChange,
  isDisabled = false,
  className,
}: AccordionProps) {
  const [expanded, setExpanded] = useState<Set<Key>>(
    () => new Set(readExpandedKeys(storageKey) ?? defaultExpandedKeys),
  );
  return (
    <DisclosureGroup
      className={className ? `ui-accordion ${className}` : 'ui-accordion'}
      expandedKeys={expanded}
      allowsMultipleExpanded={allowsMultipleExpanded}
      isDisabled={isDisabled}
      onExpandedChange={(keys) => {
        const next = new Set(keys);
        setExpanded(next);
        const ids = [...next].map(String);
        writeStorage(storageKey, JSON.stringify(ids));
        onExpandedChange?.(ids);
      }}
    >
      {children}
    </DisclosureGroup>
  );
}

export interface AccordionItemProps {
  /**
   * Id of the section, stored when it is open.
   */
  id: string;
  /**
   * Text of the section header button.
   */
  title: ReactNode;
  /**
   * Content of the section.
   */
  children: ReactNode;
  /**
   * Heading level of the header.
   * @default 3
   */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /**
   * Whether this section is disabled.
   * @default false
   */
  isDisabled?: boolean;
}

/** One section of an {@link Accordion}; exposes `data-expanded` when open. */
export function AccordionItem({
  id,
  title,
  children,
  headingLevel = 3,
  isDisabled = false,
}: AccordionItemProps) {
  return (
    <Disclosure id={id} className="ui-accordion-item" isDisabled={isDisabled}>
      <Heading level={headingLevel} className="ui-accordion-heading">
        <AriaButton slot="trigger" className="ui-accordion-trigger">
          <span className="ui-accordion-chevron" aria-hidden="true">
            ▸
          </span>
          {title}
        </AriaButton>
      </Heading>
      <DisclosurePanel className="ui-accordion-panel">{children}</DisclosurePanel>
    </Disclosure>
  );
}
