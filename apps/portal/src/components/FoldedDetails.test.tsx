import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { FoldedDetails } from './FoldedDetails';

describe('FoldedDetails', () => {
  it('builds its content the first time it opens, then keeps it while folded again', async () => {
    const build = vi.fn(() => <p>Every row</p>);
    const { container } = render(<FoldedDetails summary="Show every row (1,000)">{build}</FoldedDetails>);
    const summary = screen.getByText('Show every row (1,000)');
    const details = summary.closest('details');
    expect(details).not.toHaveAttribute('open');
    expect(build).not.toHaveBeenCalled();
    expect(screen.queryByText('Every row')).toBeNull();
    await expectNoAxeViolations(container);

    // The browser's own control takes the focus (Enter and Space open it in a browser; jsdom toggles on a click).
    summary.focus();
    expect(summary).toHaveFocus();
    const user = userEvent.setup();
    await user.click(summary);
    expect(details).toHaveAttribute('open');
    expect(await screen.findByText('Every row')).toBeVisible();
    await expectNoAxeViolations(container);

    await user.click(summary);
    expect(details).not.toHaveAttribute('open');
    expect(screen.getByText('Every row')).toBeInTheDocument();
  });

  it('starts open with its content built when asked (a short table)', () => {
    render(
      <FoldedDetails summary="Show every row (3)" defaultOpen>
        {() => <p>Three rows</p>}
      </FoldedDetails>,
    );
    expect(screen.getByText('Show every row (3)').closest('details')).toHaveAttribute('open');
    expect(screen.getByText('Three rows')).toBeVisible();
  });
});
