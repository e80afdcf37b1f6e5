export { Accordion, AccordionItem, readExpandedKeys } from './Accordion';
export type { AccordionItemProps, AccordionProps } from './Accordion';
