import type { RegistrationType } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { registrationLookupQuery } from '../api/lookup';
import { useServerMessage } from '@/features/errors';
import { reportError } from '@/lib/errors/error-bus';
import { isValidEmail } from '@/lib/validation/email';

/**
 * /selectcompany?email=: the select-company modal listing the companies that share the email's domain; the choice
 * continues into stage two of the registration (type) with that company. An invalid email gives invalid_email.
 * Team admins' emails come only to signed-in callers (the anonymous lookup answer leaves them out).
 */
export function SelectCompanyPage({ email, type }: { email: string; type: RegistrationType }) {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  const groupId = useId();
  const valid = isValidEmail(email);
  const { messageElement, showMessage } = useServerMessage();
  // An invalid email is never sent.
  const { data, isPending, error } = useQuery({ ...registrationLookupQuery(type, email), enabled: valid });
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    if (!valid) showMessage('invalid_email');
  }, [valid, showMessage]);
  useEffect(() => {
    if (error) reportError(error);
  }, [error]);
  const companies = data?.CompaniesWithSameDomain ?? [];
  const close = () => {
    void navigate({ to: '/register/$type', params: { type }, search: valid ? { email } : {} });
  };
  const choose = () => {
    if (chosen === null) return;
    void navigate({ to: '/register/$type', params: { type }, search: { email, companyId: chosen } });
  };
  return (
    <main id="main" className="login-page">
      <Dialog
        isOpen
        title={t('selectCompany.title')}
        onClose={close}
        closeLabel={t('modal.close')}
        footer={
          <Button onPress={choose} isDisabled={chosen === null}>
            {t('selectCompany.choose')}
          </Button>
        }
      >
        <p>
          {t('selectCompany.email')}: <strong>{email}</strong>
        </p>
        {!valid ? (
          <p>{t('selectCompany.invalid')}</p>
        ) : isPending ? (
          <p role="status">{t('selectCompany.loading')}</p>
        ) : companies.length === 0 ? (
          <p>{t('selectCompany.none')}</p>
        ) : (
          <fieldset>
            <legend id={groupId}>{t('selectCompany.legend')}</legend>
            {companies.map((company) => (
              <label key={company.CompanyId} className="company-option">
                <input
                  type="radio"
                  name="company"
                  value={company.CompanyId}
                  checked={chosen === company.CompanyId}
                  onChange={() => {
                    setChosen(company.CompanyId);
                  }}
                />
                {company.Name}
                {company.TeamAdmins.length > 0 && (
                  <span className="muted">
                    {' '}
                    ({company.TeamAdmins.map((admin) => admin.Email).join(', ')})
                  </span>
                )}
              </label>
            ))}
          </fieldset>
        )}
      </Dialog>
      {messageElement}
    </main>
  );
}
