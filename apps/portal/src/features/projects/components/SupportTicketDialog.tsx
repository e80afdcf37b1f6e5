import { TextArea, TextField } from '@/components/form';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useViewer } from '@/features/auth';
import { useCreateSupportTicket } from '../api/create-ticket';
import { describeSupportError } from '../support-error';
import { FormDialog } from '@/components/FormDialog';
import './projects.css';

export interface SupportTicketDialogProps {
  projectId: number;
  projectName: string;
  onClose: () => void;
  /** Shows a server message (emptyfield, ticket_submitted). */
  showMessage: (key: string) => void;
}

/** The project-error support ticket: subject and description to the support service; typed text is kept. */
export function SupportTicketDialog({
  projectId,
  projectName,
  onClose,
  showMessage,
}: SupportTicketDialogProps) {
  const { _: t } = useLingui();
  const viewer = useViewer();
  const ticket = useCreateSupportTicket();
  const [subject, setSubject] = useState(() =>
    t('projects.ticket.defaultSubject', { id: projectId, name: projectName }),
  );
  const [body, setBody] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    if (subject.trim() === '' || body.trim() === '') {
      showMessage('emptyfield');
      return;
    }
    setFailure(null);
    const user = viewer.user;
    ticket.mutate(
      {
        body: {
          request: {
            subject: subject.trim(),
            comment: { body: body.trim() },
            requester: {
              name: user ? `${user.firstName} ${user.lastName}` : '',
              email: user?.email ?? '',
            },
          },
        },
      },
      {
        onSuccess: () => {
          onClose();
          showMessage('ticket_submitted');
        },
        onError: (error) => {
          setFailure(describeSupportError(error) ?? t('errors.generic'));
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('projects.ticket.title')}
      submitLabel={t('projects.ticket.submit')}
      working={ticket.isPending}
      onClose={onClose}
      onSubmit={submit}
      className="stack"
    >
      <TextField
        label={t('projects.ticket.subject')}
        value={subject}
        onChange={setSubject}
        isRequired
        validationBehavior="aria"
        maxLength={200}
      />
      <TextArea
        label={t('projects.ticket.body')}
        value={body}
        onChange={setBody}
        isRequired
        validationBehavior="aria"
      />
      {failure !== null && (
        <div role="alert" className="projects-error">
          <p>{t('projects.ticket.failed')}</p>
          <p data-testid="ticket-error">{failure}</p>
        </div>
      )}
    </FormDialog>
  );
}
