import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { WorkingButton } from './WorkingButton';

describe('WorkingButton', () => {
  it('while working: disabled, says so, and its accessible name keeps the visible text', () => {
    const idle = renderWithProviders(
      <WorkingButton working={false} aria-label="Archive Contoso">
        Archive
      </WorkingButton>,
    );
    expect(screen.getByRole('button', { name: 'Archive Contoso' })).toBeEnabled();
    idle.unmount();
    renderWithProviders(
      <WorkingButton working aria-label="Archive Contoso">
        Archive
      </WorkingButton>,
    );
    const button = screen.getByRole('button', { name: 'Working… Archive Contoso' });
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Working…');
  });
});
