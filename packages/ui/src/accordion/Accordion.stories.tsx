import type { Meta, StoryObj } from '@storybook/react-vite';
import { Accordion, AccordionItem } from './Accordion';

const meta = {
  title: 'Accordion',
  component: Accordion,
  args: { storageKey: 'storybook.reportsAccordion', children: null },
} satisfies Meta<typeof Accordion>;

export default meta;
type Story = StoryObj<typeof meta>;

const sections = (
  <>
    <AccordionItem id="air" title="AIR">
      Include the AIR summary.
    </AccordionItem>
    <AccordionItem id="details" title="Details">
      Include the server details.
    </AccordionItem>
    <AccordionItem id="vmware" title="VMware">
      Include the VMware section.
    </AccordionItem>
    <AccordionItem id="performance" title="Performance">
      Include the performance analysis.
    </AccordionItem>
  </>
);

export const ReportSections: Story = { args: { children: sections, defaultExpandedKeys: ['air'] } };
export const OneAtATime: Story = {
  args: { storageKey: 'storybook.singleAccordion', allowsMultipleExpanded: false, children: sections },
};
export const Disabled: Story = {
  args: { storageKey: 'storybook.disabledAccordion', isDisabled: true, children: sections },
};
