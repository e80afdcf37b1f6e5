import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { Accordion, AccordionItem, readExpandedKeys } from './Accordion';

function Reports(props: { onExpandedChange?: (k: string[]) => void; defaultExpandedKeys?: string[] }) {
  return (
    <Accordion storageKey="reportsAccordion" {...props}>
      <AccordionItem id="air" title="AIR">
        AIR options
      </AccordionItem>
      <AccordionItem id="details" title="Details">
        Detail options
      </AccordionItem>
      <AccordionItem id="vmware" title="VMware">
        VMware options
      </AccordionItem>
      <AccordionItem id="performance" title="Performance">
        Performance options
      </AccordionItem>
    </Accordion>
  );
}

describe('Accordion', () => {
  it('toggles sections with the keyboard and stores the open ids under the given key', async () => {
    const user = userEvent.setup();
    const onExpandedChange = vi.fn();
    render(<Reports onExpandedChange={onExpandedChange} />);
    const air = screen.getByRole('button', { name: 'AIR' });
    expect(air).toHaveAttribute('aria-expanded', 'false');
    await user.tab();
    expect(air).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(air).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('AIR options')).toBeVisible();
    await user.tab();
    await user.keyboard(' ');
    expect(window.localStorage.getItem('reportsAccordion')).toBe('["air","details"]');
    expect(onExpandedChange).toHaveBeenLastCalledWith(['air', 'details']);
    await user.keyboard('{Enter}');
    expect(window.localStorage.getItem('reportsAccordion')).toBe('["air"]');
  });

  it('restores the open sections from localStorage on the next mount', () => {
    window.localStorage.setItem('reportsAccordion', JSON.stringify(['vmware']));
    const { container } = render(<Reports defaultExpandedKeys={['air']} />);
    expect(screen.getByRole('button', { name: 'VMware' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'AIR' })).toHaveAttribute('aria-expanded', 'false');
    expect(container.querySelectorAll('.ui-accordion-item[data-expanded]')).toHaveLength(1);
  });

  it('uses defaultExpandedKeys when nothing (or garbage) is stored', () => {
    window.localStorage.setItem('reportsAccordion', '{not json');
    render(<Reports defaultExpandedKeys={['performance']} />);
    expect(screen.getByRole('button', { name: 'Performance' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('readExpandedKeys ignores non-string entries', () => {
    window.localStorage.setItem('k', '["a",1,null,"b"]');
    expect(readExpandedKeys('k')).toEqual(['a', 'b']);
    expect(readExpandedKeys('missing')).toBeNull();
  });

  it('links each button to its panel', async () => {
    const user = userEvent.setup();
    render(<Reports />);
    const button = screen.getByRole('button', { name: 'Details' });
    await user.click(button);
    const panel = document.getElementById(button.getAttribute('aria-controls')!);
    expect(panel).toHaveTextContent('Detail options');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Reports defaultExpandedKeys={['air']} />);
    await expectNoAxeViolations(container);
  });
});
