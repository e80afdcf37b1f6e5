import {
  messageKeyOf,
  zRegistrationRequestWritable,
  type ContactCheckResult,
  type LanguageCulture,
  type PasswordWeakness,
  type RegistrationType,
} from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { TextField } from '@/components/form';
import { NativeSelect } from '@assessment/ui/native-select';
import { useLingui } from '@lingui/react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { registrationLookupQuery } from '../api/lookup';
import { countriesQuery, languagesQuery } from '../api/reference';
import { useRegister } from '../api/register';
import {
  lookupRefusal,
  mustChooseCompany,
  PASSWORD_MIN_LENGTH,
  REGISTRATION_TYPES,
  type CaptureOwner,
} from '../lookup-rules';
import {
  meetsPasswordPolicy,
  PASSWORD_RULES,
  passwordRules,
  passwordWeakness,
  type PasswordRule,
} from '../password-policy';
import { useServerMessage } from '@/features/errors';
import { WorkingButton } from '@/components/WorkingButton';
import { reportError } from '@/lib/errors/error-bus';
import { isValidEmail } from '@/lib/validation/email';
import { maxLengthOf } from '@/lib/validation/max-length';
import { LanguageButton } from '@/features/layout';
import { ResendConfirmation } from '@/features/auth';

export interface RegisterPageProps {
  type: RegistrationType;
  /** The email of stage one (from select company, or a link): the lookup runs at once. */
  email?: string | undefined;
  /** The company chosen in select company. */
  companyId?: number | undefined;
  /** dpack-capture: the capture request the registration answers. */
  captureRequestToken?: string | undefined;
  /** Whether the viewer is an admin (part 6's isAdmin rule: an admin continues without choosing a company). */
  isAdmin: boolean;
}

interface Details {
  FirstName: string;
  LastName: string;
  CompanyName: string;
  CountryId: string;
  PhoneNumber: string;
  PreferredLanguage: string;
  Password: string;
  OverrideBlacklist: boolean;
}

/** The input limits of stage two: the contract's RegistrationRequest maxLengths. */
const FIELDS = zRegistrationRequestWritable.shape;
const LIMITS = {
  Email: maxLengthOf(FIELDS.Email),
  FirstName: maxLengthOf(FIELDS.FirstName),
  LastName: maxLengthOf(FIELDS.LastName),
  CompanyName: maxLengthOf(FIELDS.CompanyName),
  PhoneNumber: maxLengthOf(FIELDS.PhoneNumber),
  Password: maxLengthOf(FIELDS.Password),
};

/** The password rules as the form lists them (issue #32 f): the length; the server judges the rest (issue #39). */
const RULE_TEXT = {
  length: 'register.passwordRule.length',
} as const satisfies Record<PasswordRule, string>;

/** Why the server refused a password (its ErrorState.Reason), in the person's words; else the general text. */
const WEAKNESS_TEXT = {
  register_password_common: 'register.passwordReason.common',
  register_password_personal: 'register.passwordReason.personal',
  register_password_pattern: 'register.passwordReason.pattern',
  register_password_guessable: 'register.passwordReason.guessable',
} as const satisfies Record<PasswordWeakness, string>;

const TYPE_TEXT = {
  'user-register': 'register.types.user',
  'partner-register': 'register.types.partner',
  'dpack-capture': 'register.types.capture',
} as const satisfies Record<RegistrationType, string>;

/**
 * A registration form (user-register, partner-register, dpack-capture): stage one looks the email up and applies
 * the validators of part 5 in order; a person who is not an admin chooses among the companies on the email's
 * domain (select company); stage two completes through the register call. Nothing typed is lost on a failure.
 */
export function RegisterPage({
  type,
  email: initialEmail = '',
  companyId,
  captureRequestToken,
  isAdmin,
}: RegisterPageProps) {
  const { _: t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { messageElement, showMessage } = useServerMessage();
  const register = useRegister();
  const headingId = useId();
  const mailboxId = useId();
  const { data: countries } = useSuspenseQuery(countriesQuery());
  const { data: languages } = useSuspenseQuery(languagesQuery());
  const [email, setEmail] = useState(initialEmail);
  const [owner, setOwner] = useState<CaptureOwner>('self');
  const [checking, setChecking] = useState(false);
  const [found, setFound] = useState<{ email: string; result: ContactCheckResult } | null>(null);
  const [chosenCompany, setChosenCompany] = useState<{ id: number; name: string } | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  /** The password the server refused (register_password_weak) and why: shown on the field while it is typed. */
  const [refused, setRefused] = useState<{ password: string; reason: PasswordWeakness | null } | null>(null);
  /** What the polite live region says: the password rules whose state changed, or the server's refusal. */
  const [announcement, setAnnouncement] = useState('');
  const rulesId = useId();
  const [details, setDetails] = useState<Details>({
    FirstName: '',
    LastName: '',
    CompanyName: '',
    CountryId: String(countries.find((c) => c.CountryId === 840)?.CountryId ?? countries[0]?.CountryId ?? ''),
    PhoneNumber: '',
    PreferredLanguage: 'en-US',
    Password: '',
    OverrideBlacklist: false,
  });
  const set =
    <K extends keyof Details>(key: K) =>
    (value: Details[K]) => {
      setDetails((current) => ({ ...current, [key]: value }));
    };

  const lookUp = async (typed: string) => {
    if (!isValidEmail(typed)) {
      showMessage('invalid_email');
      return;
    }
    setChecking(true);
    try {
      const result = await queryClient.query({ ...registrationLookupQuery(type, typed), staleTime: 0 });
      const refusal = lookupRefusal(result, { type, owner });
      if (refusal !== null) {
        showMessage(refusal);
        return;
      }
      const chosen = result.CompaniesWithSameDomain.find((c) => c.CompanyId === companyId);
      if (chosen === undefined && mustChooseCompany(result, isAdmin)) {
        void navigate({ to: '/selectcompany', search: { email: typed, type } });
        return;
      }
      setChosenCompany(chosen ? { id: chosen.CompanyId, name: chosen.Name } : null);
      const company = chosen?.Name ?? result.CompanyName;
      if (company) set('CompanyName')(company);
      if (result.CountryId !== null) set('CountryId')(String(result.CountryId));
      setFound({ email: typed, result });
    } catch (error) {
      reportError(error);
    } finally {
      setChecking(false);
    }
  };

  // From select company (or a link with the email): stage one runs once with the email it brings.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || initialEmail === '') return;
    started.current = true;
    void lookUp(initialEmail.trim());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  const onLookup = (event: SyntheticEvent) => {
    event.preventDefault();
    void lookUp(email.trim());
  };

  const blank = (text: string) => text.trim() === '';
  const rules = passwordRules(details.Password);
  const passwordRefused = refused !== null && details.Password === refused.password;
  const passwordUnmet = !meetsPasswordPolicy(details.Password);
  const refusalText = (reason: PasswordWeakness | null) =>
    t(reason === null ? 'register.passwordWeak' : WEAKNESS_TEXT[reason]);
  const ruleText = (rule: PasswordRule) => t(RULE_TEXT[rule], { count: PASSWORD_MIN_LENGTH });
  const ruleState = (rule: PasswordRule, met: boolean) =>
    t(met ? 'register.passwordRule.met' : 'register.passwordRule.notMet', { rule: ruleText(rule) });

  const onPassword = (password: string) => {
    const before = passwordRules(details.Password);
    const after = passwordRules(password);
    const changed = PASSWORD_RULES.filter((rule) => before[rule] !== after[rule]);
    if (changed.length > 0) setAnnouncement(changed.map((rule) => ruleState(rule, after[rule])).join(' '));
    set('Password')(password);
  };

  const onRegister = (event: SyntheticEvent) => {
    event.preventDefault();
    setTried(true);
    if (!found) return;
    if (
      [details.FirstName, details.LastName, details.CompanyName].some(blank) ||
      passwordUnmet ||
      passwordRefused
    )
      return;
    const password = details.Password;
    register.mutate(
      {
        body: {
          RegistrationType: type,
          Email: found.email,
          FirstName: details.FirstName.trim(),
          LastName: details.LastName.trim(),
          CompanyName: details.CompanyName.trim(),
          CompanyId: chosenCompany?.id ?? null,
          CountryId: Number(details.CountryId),
          PhoneNumber: blank(details.PhoneNumber) ? null : details.PhoneNumber.trim(),
          PreferredLanguage: details.PreferredLanguage as LanguageCulture,
          Password: password,
          CaptureRequestToken: captureRequestToken ?? null,
          OverrideBlacklist: details.OverrideBlacklist,
        },
      },
      {
        onSuccess: () => {
          setRegisteredEmail(found.email);
        },
        onError: (error) => {
          // A refused password belongs to the password field; every other failure goes to the error modal.
          if (messageKeyOf(error) === 'register_password_weak') {
            const reason = passwordWeakness(error);
            setRefused({ password, reason });
            setAnnouncement(refusalText(reason));
            return;
          }
          reportError(error);
        },
      },
    );
  };

  const required = t('register.required');
  const companyLocked = chosenCompany !== null || (found?.result.CompanyName ?? null) !== null;
  return (
    <main id="main" className="login-page">
      <section className="login-card register-card" aria-labelledby={headingId}>
        <h1 id={headingId}>{t(TYPE_TEXT[type])}</h1>
        <LanguageButton />
        <nav aria-label={t('register.otherTypes')} className="register-types">
          {REGISTRATION_TYPES.filter((other) => other !== type).map((other) => (
            <a key={other} href={`/register/${other}`}>
              {t(TYPE_TEXT[other])}
            </a>
          ))}
        </nav>
        {registeredEmail !== null ? (
          // Issue #32: the account is pending until the link mailed to the address is followed.
          <div className="stack" aria-labelledby={mailboxId} role="region">
            <h2 id={mailboxId}>{t('register.checkMailbox')}</h2>
            <p role="status">{t('register.done', { email: registeredEmail })}</p>
            <ResendConfirmation email={registeredEmail} />
            <a href="/auth/login">{t('register.signIn')}</a>
          </div>
        ) : found === null ? (
          <form noValidate onSubmit={onLookup} className="stack" aria-label={t('register.stageOne')}>
            <p>{t('register.stageOneHint')}</p>
            <TextField
              label={t('register.email')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
              isRequired
              validationBehavior="aria"
              maxLength={LIMITS.Email}
            />
            {type === 'dpack-capture' && (
              <NativeSelect
                label={t('register.owner')}
                options={[
                  { id: 'self', label: t('register.ownerSelf') },
                  { id: 'customer', label: t('register.ownerCustomer') },
                ]}
                value={owner}
                onChange={(value) => {
                  setOwner(value === 'customer' ? 'customer' : 'self');
                }}
              />
            )}
            <WorkingButton type="submit" working={checking}>
              {t('register.continue')}
            </WorkingButton>
          </form>
        ) : (
          <form noValidate onSubmit={onRegister} className="stack" aria-label={t('register.stageTwo')}>
            <p>
              {t('register.email')}: <strong>{found.email}</strong>{' '}
              <Button
                variant="link"
                onPress={() => {
                  setFound(null);
                  setTried(false);
                  setRefused(null);
                  setAnnouncement('');
                }}
              >
                {t('register.changeEmail')}
              </Button>
            </p>
            <TextField
              label={t('register.firstName')}
              autoComplete="given-name"
              value={details.FirstName}
              onChange={set('FirstName')}
              isRequired
              validationBehavior="aria"
              maxLength={LIMITS.FirstName}
              isInvalid={tried && blank(details.FirstName)}
              errorMessage={required}
            />
            <TextField
              label={t('register.lastName')}
              autoComplete="family-name"
              value={details.LastName}
              onChange={set('LastName')}
              isRequired
              validationBehavior="aria"
              maxLength={LIMITS.LastName}
              isInvalid={tried && blank(details.LastName)}
              errorMessage={required}
            />
            <TextField
              label={t('register.company')}
              autoComplete="organization"
              value={details.CompanyName}
              onChange={set('CompanyName')}
              isReadOnly={companyLocked}
              isRequired
              validationBehavior="aria"
              maxLength={LIMITS.CompanyName}
              isInvalid={tried && blank(details.CompanyName)}
              errorMessage={required}
            />
            <NativeSelect
              label={t('register.country')}
              options={countries.map((c) => ({ id: String(c.CountryId), label: c.Name }))}
              value={details.CountryId}
              onChange={set('CountryId')}
            />
            <TextField
              label={t('register.phone')}
              type="tel"
              autoComplete="tel"
              value={details.PhoneNumber}
              onChange={set('PhoneNumber')}
              maxLength={LIMITS.PhoneNumber}
            />
            <NativeSelect
              label={t('register.language')}
              options={languages.map((l) => ({ id: l.Culture, label: l.Name }))}
              value={details.PreferredLanguage}
              onChange={set('PreferredLanguage')}
            />
            <TextField
              label={t('register.password')}
              type="password"
              autoComplete="new-password"
              value={details.Password}
              onChange={onPassword}
              isRequired
              validationBehavior="aria"
              maxLength={LIMITS.Password}
              aria-describedby={rulesId}
              isInvalid={passwordRefused || (tried && passwordUnmet)}
              errorMessage={passwordRefused ? refusalText(refused.reason) : t('register.passwordUnmet')}
            />
            <div id={rulesId} className="password-rules">
              <p>{t('register.passwordRules')}</p>
              <ul>
                {PASSWORD_RULES.map((rule) => (
                  <li key={rule} data-met={rules[rule]}>
                    <span aria-hidden="true" className="password-rule-mark">
                      {rules[rule] ? '✓' : '○'}
                    </span>{' '}
                    {ruleText(rule)}{' '}
                    <span className="password-rule-state">
                      (
                      {t(
                        rules[rule] ? 'register.passwordRule.metShort' : 'register.passwordRule.notMetShort',
                      )}
                      )
                    </span>
                  </li>
                ))}
              </ul>
              <p>{t('register.passwordAdvice')}</p>
            </div>
            <p role="status" aria-live="polite" className="visually-hidden">
              {announcement}
            </p>
            {found.result.IsBlacklistedEmailDomain && found.result.CanOverride && (
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={details.OverrideBlacklist}
                  onChange={(event) => {
                    set('OverrideBlacklist')(event.currentTarget.checked);
                  }}
                />
                {t('register.override')}
              </label>
            )}
            <WorkingButton type="submit" working={register.isPending}>
              {t('register.submit')}
            </WorkingButton>
          </form>
        )}
      </section>
      {messageElement}
    </main>
  );
}
