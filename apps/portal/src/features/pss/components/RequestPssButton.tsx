import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';

const CreatePssRequestDialog = lazyDialog(() =>
  import('./CreatePssRequestDialog').then((module) => module.CreatePssRequestDialog),
);

export interface RequestPssButtonProps {
  /** The project the request is about, when shown on a project's page. */
  projectId?: number;
}

/** "Request a PSS solution": opens the CreatePSSRequest wizard (loaded on first use). */
export function RequestPssButton({ projectId }: RequestPssButtonProps) {
  const { _: t } = useLingui();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onPress={() => {
          setSent(false);
          setOpen(true);
        }}
      >
        {t('pss.open')}
      </Button>
      {open && (
        <CreatePssRequestDialog
          {...(projectId !== undefined ? { projectId } : {})}
          onClose={() => {
            setOpen(false);
          }}
          onSent={() => {
            setSent(true);
          }}
        />
      )}
      <p role="status" className="pss-sent">
        {sent ? t('pss.sent') : ''}
      </p>
    </>
  );
}
