import type { ComboBoxOption } from '@assessment/ui/combobox';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { ProjectPicker } from './ProjectPicker';

describe('ProjectPicker (GET /api/lookup/project)', () => {
  it('tells projects of the same name apart by their owners, and picks one by keyboard', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/lookup/project': {
        type: 'project',
        items: [
          { id: '11', label: 'Singapore Backup assessment', description: 'ana@contoso.example' },
          { id: '12', label: 'Singapore Backup assessment', description: 'li@contoso.example' },
          { id: '13', label: 'Singapore Backup assessment', description: null },
        ],
      },
    });
    const onChange = vi.fn<(option: ComboBoxOption | null) => void>();
    const { container } = renderWithProviders(
      <ProjectPicker label="Project" selected={null} onChange={onChange} />,
    );
    await user.type(screen.getByRole('combobox', { name: 'Project' }), 'Singapore');
    await screen.findByRole('option', { name: /li@contoso\.example/ });
    const options = screen.getAllByRole('option');
    // Each owner beside the same name; a project without a known owner shows its name alone.
    expect(options.map((o) => o.textContent)).toEqual([
      'Singapore Backup assessmentana@contoso.example',
      'Singapore Backup assessmentli@contoso.example',
      'Singapore Backup assessment',
    ]);
    expect(within(options[1]!).getByText('li@contoso.example')).toHaveClass('project-option__owner');
    await expectNoAxeViolations(container);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: '12' }));
  });
});
