import { ShareType, type ShareResult } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { ComboBox, type ComboBoxOption } from '@assessment/ui/combobox';
import { Dialog } from '@assessment/ui/dialog';
import { TextField } from '@/components/form';
import { SafeHtml } from '@assessment/ui/safe-html';
import { Stepper } from '@assessment/ui/stepper';
import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { messageQuery } from '@/features/errors';
import type { TextId } from '@/lib/i18n/i18n';
import { lookupSource } from '../api/lookup';
import { useShareProject } from '../api/share-project';
import {
  addRecipient,
  anonymizeAllowed,
  canAddRecipient,
  isValidEmail,
  recipientsStepValid,
  SHARE_FAILURE_TITLE,
} from '../share-rules';
import { WorkingButton } from '@/components/WorkingButton';
import './projects.css';

const SHARE_TYPE_TEXT = {
  link: 'projects.share.type.link',
  public: 'projects.share.type.public',
  'make-copies': 'projects.share.type.makeCopies',
} as const satisfies Record<ShareType, TextId>;

export interface ShareWizardDialogProps {
  projectId: number;
  projectName: string;
  onClose: () => void;
  /** Shows a server message (userselected, invalid_email, emptyfield). */
  showMessage: (key: string) => void;
}

/**
 * The shareproject wizard on the kit's Stepper: options (share type, name, concierge, anonymize only for
 * make-copies), recipients (type-ahead and typed emails), results (shared, anonymized only, and the failures
 * under the fixed title).
 */
export function ShareWizardDialog({ projectId, projectName, onClose, showMessage }: ShareWizardDialogProps) {
  const { _: t } = useLingui();
  const queryClient = useQueryClient();
  const share = useShareProject();
  const typeName = useId();
  const [shareType, setShareType] = useState<ShareType>(ShareType.LINK);
  const [name, setName] = useState('');
  const [concierge, setConcierge] = useState(false);
  const [anonymize, setAnonymize] = useState(false);
  const [recipients, setRecipients] = useState<readonly string[]>([]);
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<ComboBoxOption | null>(null);
  // A fresh (empty) type-ahead after each added recipient.
  const [fieldKey, setFieldKey] = useState(0);
  const [result, setResult] = useState<ShareResult | null>(null);
  const [step, setStep] = useState(0);

  const loadAccounts = useMemo(() => {
    const accounts = lookupSource(queryClient, 'account');
    return async (query: string): Promise<ComboBoxOption[]> =>
      (await accounts(query)).flatMap((account) =>
        account.description ? [{ id: account.description, label: account.description }] : [],
      );
  }, [queryClient]);

  const add = (email: string) => {
    const next = addRecipient(recipients, email);
    if (next.error) {
      showMessage(next.error);
      return;
    }
    setRecipients(next.recipients);
    setResult(null);
    setText('');
    setChosen(null);
    setFieldKey((key) => key + 1);
  };

  // Shared by its own button, not by an async Next: React Aria's pending Next button leaves an announcement
  // pointing at a removed element once the dialog closes.
  const submitShare = () => {
    if (!recipientsStepValid(recipients, concierge)) {
      showMessage('emptyfield');
      return;
    }
    share.mutate(
      {
        body: {
          projectId,
          ShareType: shareType,
          Name: name.trim() || null,
          Anonymize: anonymizeAllowed(shareType) && anonymize,
          EmailAddresses: [...recipients],
          ConciergeSelected: concierge,
        },
      },
      {
        // A failure shows the error modal; everything chosen stays for another try.
        onSuccess: (answer) => {
          setResult(answer.Data);
          setStep(2);
        },
      },
    );
  };

  const optionsStep = (
    <div className="stack">
      <fieldset>
        <legend>{t('projects.share.typeLegend')}</legend>
        {Object.values(ShareType).map((type) => (
          <label key={type} className="checkbox">
            <input
              type="radio"
              name={typeName}
              value={type}
              checked={shareType === type}
              onChange={() => {
                setShareType(type);
                if (!anonymizeAllowed(type)) setAnonymize(false);
              }}
            />
            {t(SHARE_TYPE_TEXT[type])}
          </label>
        ))}
      </fieldset>
      <TextField label={t('projects.share.name')} value={name} onChange={setName} maxLength={200} />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={anonymize}
          disabled={!anonymizeAllowed(shareType)}
          aria-describedby={`${typeName}-anonymize`}
          onChange={(event) => {
            setAnonymize(event.currentTarget.checked);
          }}
        />
        {t('projects.share.anonymize')}
      </label>
      <p id={`${typeName}-anonymize`} className="muted">
        {t('projects.share.anonymizeHint')}
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={concierge}
          onChange={(event) => {
            setConcierge(event.currentTarget.checked);
          }}
        />
        {t('projects.share.concierge')}
      </label>
    </div>
  );

  const recipientsStep = (
    <div className="stack">
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canAddRecipient(text, chosen !== null)) add(text);
          else if (text.trim() !== '' && !isValidEmail(text)) showMessage('invalid_email');
        }}
      >
        <ComboBox
          key={fieldKey}
          label={t('projects.share.recipient')}
          description={t('projects.share.recipientHint')}
          loadOptions={loadAccounts}
          onInputChange={setText}
          onSelectionChange={(option) => {
            setChosen(option);
            if (option) add(option.label);
          }}
        />
        <div className="toolbar">
          <Button
            variant="secondary"
            isDisabled={!canAddRecipient(text, chosen !== null)}
            onPress={() => {
              add(text);
            }}
          >
            {t('projects.share.add')}
          </Button>
        </div>
      </form>
      <h4>{t('projects.share.recipients')}</h4>
      {recipients.length === 0 ? (
        <p className="muted">{t('projects.share.noRecipients')}</p>
      ) : (
        <ul aria-label={t('projects.share.recipients')}>
          {recipients.map((email) => (
            <li key={email}>
              {email}{' '}
              <Button
                variant="link"
                aria-label={t('projects.share.removeRecipient', { email })}
                onPress={() => {
                  setRecipients(recipients.filter((other) => other !== email));
                  setResult(null);
                }}
              >
                {t('projects.removeRun.button')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="toolbar">
        <WorkingButton working={share.isPending} onPress={submitShare}>
          {t('projects.share.submit')}
        </WorkingButton>
      </div>
    </div>
  );

  const resultsStep = result ? <ShareResults result={result} /> : null;

  return (
    <Dialog
      isOpen
      size="large"
      title={t('projects.share.title', { name: projectName })}
      closeLabel={t('errors.close')}
      onClose={onClose}
    >
      <Stepper
        index={step}
        onIndexChange={setStep}
        headingLevel={3}
        labels={{
          next: t('projects.share.next'),
          previous: t('projects.share.previous'),
          finish: t('projects.share.finish'),
          steps: t('projects.share.steps'),
          stepStatus: (n, count, title) => t('projects.share.stepStatus', { n, count, title }),
        }}
        steps={[
          { id: 'options', title: t('projects.share.optionsStep'), content: optionsStep },
          {
            id: 'recipients',
            title: t('projects.share.recipientsStep'),
            content: recipientsStep,
            // Results come from sharing; until then Next stays disabled.
            isNextDisabled: result === null,
          },
          { id: 'results', title: t('projects.share.resultsStep'), content: resultsStep },
        ]}
        onComplete={onClose}
      />
    </Dialog>
  );
}

function ShareResults({ result }: { result: ShareResult }) {
  const { _: t } = useLingui();
  return (
    <div className="stack" data-testid="share-results">
      {result.SuccessEmailAddresses.length > 0 && (
        <section aria-label={t('projects.share.shared')}>
          <h4>{t('projects.share.shared')}</h4>
          <ul>
            {result.SuccessEmailAddresses.map((email) => (
              <li key={email}>{email}</li>
            ))}
          </ul>
        </section>
      )}
      {result.AnonymousEmailAddresses.length > 0 && (
        <section aria-label={t('projects.share.anonymized')}>
          <h4>{t('projects.share.anonymized')}</h4>
          <ul>
            {result.AnonymousEmailAddresses.map((email) => (
              <li key={email}>{email}</li>
            ))}
          </ul>
        </section>
      )}
      {result.PartialErrorsList.length > 0 && (
        <section aria-label={SHARE_FAILURE_TITLE} role="alert">
          <h4>{SHARE_FAILURE_TITLE}</h4>
          <ul>
            {result.PartialErrorsList.map((failure) => (
              <li key={failure.ObjectDisplayName}>
                <strong>{failure.ObjectDisplayName}</strong>:{' '}
                <FailureMessage messageKey={failure.ErrorMessage} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** A recipient's failure: ErrorMessage is a message key, shown with the server's text for it. */
function FailureMessage({ messageKey }: { messageKey: string | null }) {
  const { _: t } = useLingui();
  const message = useQuery({ ...messageQuery(messageKey ?? 'generalError') });
  if (message.isPending) return <span>…</span>;
  const text = message.data?.message;
  return text ? <SafeHtml as="span" html={text} /> : <span>{t('errors.generic')}</span>;
}
