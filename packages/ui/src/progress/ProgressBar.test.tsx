import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { ProgressBar, Spinner } from './index';

describe('ProgressBar', () => {
  it('exposes value, range and label on a progressbar', () => {
    render(<ProgressBar label="report.iokit" value={40} />);
    const bar = screen.getByRole('progressbar', { name: 'report.iokit' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '40%');
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(bar.querySelector('.ui-progress__fill')).toHaveStyle({ width: '40%' });
    expect(bar).not.toHaveAttribute('data-complete');
  });

  it('clamps the value and marks completion', () => {
    const { unmount } = render(<ProgressBar label="Archive" value={130} />);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar.querySelector('.ui-progress__fill')).toHaveStyle({ width: '100%' });
    expect(bar).toHaveAttribute('data-complete', 'true');
    unmount();
    render(<ProgressBar label="Restore" value={-5} />);
    const low = screen.getByRole('progressbar');
    expect(low).toHaveAttribute('aria-valuenow', '0');
    expect(low.querySelector('.ui-progress__fill')).toHaveStyle({ width: '0%' });
    expect(low).not.toHaveAttribute('data-complete');
  });

  it('uses a custom value label and range', () => {
    render(<ProgressBar label="Upload" value={4} maxValue={10} valueLabel="4 of 10 MB" />);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuetext', '4 of 10 MB');
    expect(bar.querySelector('.ui-progress__fill')).toHaveStyle({ width: '40%' });
  });

  it('is indeterminate without a value', () => {
    render(<ProgressBar label="Restoring" isIndeterminate />);
    const bar = screen.getByRole('progressbar');
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar).toHaveAttribute('data-indeterminate', 'true');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <>
        <ProgressBar label="a.iokit" value={10} />
        <ProgressBar label="b" isIndeterminate />
      </>,
    );
    await expectNoAxeViolations(container);
  });
});

describe('Spinner', () => {
  it('is an indeterminate progressbar with an accessible label', () => {
    render(<Spinner label="Saving" />);
    const spinner = screen.getByRole('progressbar', { name: 'Saving' });
    expect(spinner).not.toHaveAttribute('aria-valuenow');
    expect(spinner).toHaveAttribute('data-size', 'medium');
  });

  it('defaults its label to Loading and can show it', () => {
    render(<Spinner showLabel size="small" />);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toHaveAttribute('data-size', 'small');
    expect(screen.getByText('Loading')).toBeInTheDocument();
  });

  it('has no axe violations', async () => {
    const { container } = render(<Spinner />);
    await expectNoAxeViolations(container);
  });
});
