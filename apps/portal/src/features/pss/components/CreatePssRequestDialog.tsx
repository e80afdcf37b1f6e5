import { Dialog } from '@assessment/ui/dialog';
import { TextArea, TextField } from '@/components/form';
import { Select } from '@assessment/ui/select';
import { Stepper } from '@assessment/ui/stepper';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import type { TextId } from '@/lib/i18n/i18n';
import { useSendPssRequest } from '../api/send-pss-request';
import {
  accountStepValid,
  contactsStepValid,
  emptyPssDraft,
  PSS_SPECIAL_INSTRUCTIONS_MAX,
  pssRequestBody,
  submitValid,
  THEATERS,
  type PssDraft,
} from '../pss-rules';

const THEATER_TEXT = {
  NA: 'pss.theater.NA',
  LATAM: 'pss.theater.LATAM',
  EMEA: 'pss.theater.EMEA',
  APJ: 'pss.theater.APJ',
} as const satisfies Record<(typeof THEATERS)[number], TextId>;

export interface CreatePssRequestDialogProps {
  /** The project the request is about (sent as ProjectId), when opened from a project. */
  projectId?: number;
  onClose: () => void;
  /** The request was sent (the caller confirms it in its own words: a PSS request is no support ticket). */
  onSent: () => void;
}

/**
 * The CreatePSSRequest modal: the PSS solution request wizard on the kit's Stepper — step 0 account (AccountName
 * and Theatre), step 1 contacts (phone number), step 2 confirmation and submit (CaseSubject). Everything typed
 * stays when going back and when the request fails (the error modal shows the catalogue message).
 */
export function CreatePssRequestDialog({ projectId, onClose, onSent }: CreatePssRequestDialogProps) {
  const { _: t } = useLingui();
  const send = useSendPssRequest();
  const [draft, setDraft] = useState<PssDraft>(emptyPssDraft);
  const [step, setStep] = useState(0);
  // Errors show once the user tried to leave the step (not while they are still typing the first time).
  const [tried, setTried] = useState<readonly boolean[]>([false, false, false]);

  const set = <K extends keyof PssDraft>(key: K) =>
    function update(value: PssDraft[K]) {
      setDraft((previous) => ({ ...previous, [key]: value }));
    };
  const markTried = (index: number) => {
    setTried((previous) => previous.map((value, i) => (i === index ? true : value)));
  };
  const blank = (text: string) => text.trim() === '';
  const required = t('pss.required');

  const submit = () => {
    send.mutate(
      { body: pssRequestBody(draft, projectId) },
      {
        // A failure shows the error modal (MutationCache); the dialog and everything typed stay.
        onSuccess: () => {
          onClose();
          onSent();
        },
      },
    );
  };

  const accountStep = (
    <div className="stack">
      <TextField
        label={t('pss.accountName')}
        value={draft.AccountName}
        onChange={set('AccountName')}
        isRequired
        validationBehavior="aria"
        maxLength={200}
        isInvalid={tried[0] === true && blank(draft.AccountName)}
        errorMessage={required}
      />
      <Select
        label={t('pss.theatre')}
        placeholder={t('pss.chooseTheatre')}
        options={THEATERS.map((theater) => ({ id: theater, label: t(THEATER_TEXT[theater]) }))}
        value={draft.Theatre === '' ? null : draft.Theatre}
        onChange={(value) => {
          const theater = THEATERS.find((candidate) => candidate === value);
          set('Theatre')(theater ?? '');
        }}
        isRequired
        isInvalid={tried[0] === true && draft.Theatre === ''}
        errorMessage={required}
      />
    </div>
  );

  const contactsStep = (
    <div className="stack">
      <TextField
        label={t('pss.phone')}
        type="tel"
        value={draft.RequesterPhoneNumber}
        onChange={set('RequesterPhoneNumber')}
        isRequired
        validationBehavior="aria"
        maxLength={50}
        isInvalid={tried[1] === true && blank(draft.RequesterPhoneNumber)}
        errorMessage={required}
      />
      <TextField
        label={t('pss.contactEmails')}
        description={t('pss.contactEmailsHint')}
        value={draft.ContactEmails}
        onChange={set('ContactEmails')}
        maxLength={1000}
      />
    </div>
  );

  const theatreText = draft.Theatre === '' ? '' : t(THEATER_TEXT[draft.Theatre]);
  const confirmStep = (
    <div className="stack">
      <dl className="pss-summary" aria-label={t('pss.summary')}>
        <dt>{t('pss.accountName')}</dt>
        <dd>{draft.AccountName}</dd>
        <dt>{t('pss.theatre')}</dt>
        <dd>{theatreText}</dd>
        <dt>{t('pss.phone')}</dt>
        <dd>{draft.RequesterPhoneNumber}</dd>
        {!blank(draft.ContactEmails) && (
          <>
            <dt>{t('pss.contactEmails')}</dt>
            <dd>{draft.ContactEmails}</dd>
          </>
        )}
      </dl>
      <TextField
        label={t('pss.caseSubject')}
        value={draft.CaseSubject}
        onChange={set('CaseSubject')}
        isRequired
        validationBehavior="aria"
        maxLength={200}
        isInvalid={tried[2] === true && blank(draft.CaseSubject)}
        errorMessage={required}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.HasSpecialInstructions}
          onChange={(event) => {
            set('HasSpecialInstructions')(event.currentTarget.checked);
          }}
        />
        {t('pss.hasSpecialInstructions')}
      </label>
      {draft.HasSpecialInstructions && (
        <TextArea
          label={t('pss.specialInstructions')}
          value={draft.SpecialInstructions}
          onChange={set('SpecialInstructions')}
          maxLength={PSS_SPECIAL_INSTRUCTIONS_MAX}
        />
      )}
    </div>
  );

  return (
    <Dialog isOpen size="large" title={t('pss.title')} closeLabel={t('errors.close')} onClose={onClose}>
      <Stepper
        index={step}
        onIndexChange={setStep}
        headingLevel={3}
        isNextDisabled={send.isPending}
        labels={{
          next: t('pss.next'),
          previous: t('pss.previous'),
          finish: send.isPending ? t('projects.working') : t('pss.submit'),
          steps: t('pss.steps'),
          stepStatus: (n, count, title) => t('pss.stepStatus', { n, count, title }),
        }}
        steps={[
          {
            id: 'account',
            title: t('pss.accountStep'),
            content: accountStep,
            validate: () => {
              markTried(0);
              return accountStepValid(draft);
            },
          },
          {
            id: 'contacts',
            title: t('pss.contactsStep'),
            content: contactsStep,
            validate: () => {
              markTried(1);
              return contactsStepValid(draft);
            },
          },
          {
            id: 'confirm',
            title: t('pss.confirmStep'),
            content: confirmStep,
            validate: () => {
              markTried(2);
              return submitValid(draft);
            },
          },
        ]}
        onComplete={submit}
      />
    </Dialog>
  );
}
