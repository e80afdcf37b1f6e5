import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { contactCheckQuery } from '../api/check-contact';

/**
 * /selectcompany?email=: the select-company modal listing the companies that share the email's domain. Team admins'
 * emails come only to signed-in callers (the anonymous lookup answer leaves them out). Choosing continues with the
 * registration feature; until it lands the choice is shown only.
 */
export function SelectCompanyPage({ email }: { email: string }) {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  const groupId = useId();
  const { data } = useSuspenseQuery(contactCheckQuery(email));
  const [chosen, setChosen] = useState<string | null>(null);
  const companies = data.CompaniesWithSameDomain;
  const close = () => {
    void navigate({ to: '/auth/login' });
  };
  return (
    <main id="main" className="login-page">
      <Dialog
        isOpen
        title={t('selectCompany.title')}
        onClose={close}
        closeLabel={t('modal.close')}
        footer={
          <Button onPress={close} isDisabled={chosen === null}>
            {t('selectCompany.choose')}
          </Button>
        }
      >
        <p>
          {t('selectCompany.email')}: <strong>{email}</strong>
        </p>
        {companies.length === 0 ? (
          <p>{t('selectCompany.none')}</p>
        ) : (
          <fieldset>
            <legend id={groupId}>{t('selectCompany.legend')}</legend>
            {companies.map((company) => (
              <label key={company.Name} className="company-option">
                <input
                  type="radio"
                  name="company"
                  value={company.Name}
                  checked={chosen === company.Name}
                  onChange={() => {
                    setChosen(company.Name);
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
    </main>
  );
}
