import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { loadSectionTexts } from '@/lib/i18n/i18n';

// The dialog's code and its texts (a feature section) load together on first use.
const ReportsDialog = lazyDialog(() =>
  Promise.all([import('./ReportsDialog'), loadSectionTexts('reports')]).then(
    ([module]) => module.ReportsDialog,
  ),
);

export interface ReportsButtonProps {
  projectId: number;
  /** Names the downloaded zip. */
  projectName?: string;
}

/** "Reports": opens the reports dialog (ReportsModal), loaded on first use. */
export function ReportsButton({ projectId, projectName }: ReportsButtonProps) {
  const { _: t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onPress={() => {
          setOpen(true);
        }}
      >
        {t('project.reports')}
      </Button>
      {open && (
        <ReportsDialog
          projectId={projectId}
          {...(projectName !== undefined ? { projectName } : {})}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
