import { zLanguageCulture, zProfile, type Country } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { TextField } from '@/components/form';
import { NativeSelect } from '@assessment/ui/native-select';
import { useToast } from '@assessment/ui/toast';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { applyCulture, type TextId } from '@/lib/i18n/i18n';
import { maxLengthOf } from '@/lib/validation/max-length';
import { profileQuery } from '../api/get-profile';
import { countriesQuery } from '../api/list-countries';
import { languagesQuery } from '../api/list-languages';
import { useSaveProfile } from '../api/save-profile';
import { isCountryValid } from '../country-rules';
import { CountryField } from './CountryField';

const FIRST_NAME_MAX = maxLengthOf(zProfile.shape.FirstName);
const LAST_NAME_MAX = maxLengthOf(zProfile.shape.LastName);
const PHONE_MAX = maxLengthOf(zProfile.shape.PhoneNumber);

/** A name as the contract takes it: required (blank after trimming counts as empty), at most its maxLength. */
const requiredName = (max: number | undefined) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { message: 'profile.nameRequired' satisfies TextId }),
      ...(max === undefined ? [] : [z.maxLength(max)]),
    );

/**
 * The edit-profile page: first and last name, phone, country type-ahead and language, saved in one call
 * (PUT /api/profile). Save stays disabled while the country is invalid; a refused save keeps what was typed.
 */
export function ProfilePage() {
  const { _: t } = useLingui();
  const toast = useToast();
  const { data: profile } = useSuspenseQuery(profileQuery());
  const { data: countries } = useSuspenseQuery(countriesQuery());
  const { data: languages } = useSuspenseQuery(languagesQuery());
  const save = useSaveProfile();

  const schema = z.object({
    firstName: requiredName(FIRST_NAME_MAX),
    lastName: requiredName(LAST_NAME_MAX),
    phone: z.string().check(z.trim()),
    country: z.custom<Country | null>().check(
      z.refine((country) => isCountryValid(country?.CountryId, countries), {
        message: 'profile.countryInvalid' satisfies TextId,
      }),
    ),
    language: zLanguageCulture,
  });
  type Values = z.infer<typeof schema>;
  const initialCountry = countries.find((country) => country.CountryId === profile.CountryId) ?? null;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: {
      firstName: profile.FirstName,
      lastName: profile.LastName,
      phone: profile.PhoneNumber ?? '',
      country: initialCountry,
      language: profile.LanguageCulture,
    },
  });
  const country = useWatch({ control: form.control, name: 'country' });
  const canSave = isCountryValid(country?.CountryId, countries) && !save.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!values.country) return;
    await save.mutateAsync({
      body: {
        FirstName: values.firstName,
        LastName: values.lastName,
        PhoneNumber: values.phone === '' ? null : values.phone,
        CountryId: values.country.CountryId,
        LanguageCulture: values.language,
      },
    });
    if (values.language !== profile.LanguageCulture) await applyCulture(values.language);
    form.reset(values);
    toast.show(t('profile.saved'), { variant: 'success' });
  });

  const textField = (name: 'firstName' | 'lastName' | 'phone', label: string, maxLength?: number) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          name={field.name}
          type={name === 'phone' ? 'tel' : 'text'}
          autoComplete={name === 'firstName' ? 'given-name' : name === 'lastName' ? 'family-name' : 'tel'}
          isRequired={name !== 'phone'}
          maxLength={maxLength}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          isInvalid={fieldState.invalid}
          errorMessage={fieldState.error?.message ? t(fieldState.error.message as TextId) : undefined}
        />
      )}
    />
  );

  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">{t('profile.title')}</h1>
      <dl className="facts">
        <dt>{t('columns.email')}</dt>
        <dd>{profile.Email}</dd>
      </dl>
      <form
        noValidate
        className="stack profile-form"
        onSubmit={(event) => {
          void onSubmit(event).catch(() => undefined);
        }}
      >
        {textField('firstName', t('profile.firstName'), FIRST_NAME_MAX)}
        {textField('lastName', t('profile.lastName'), LAST_NAME_MAX)}
        {textField('phone', t('profile.phone'), PHONE_MAX)}
        <Controller
          control={form.control}
          name="country"
          render={({ field, fieldState }) => (
            <CountryField
              countries={countries}
              value={field.value}
              onChange={(next) => {
                field.onChange(next);
              }}
              onRecheck={() => {
                void form.trigger('country');
              }}
              isInvalid={fieldState.invalid || !isCountryValid(field.value?.CountryId, countries)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="language"
          // The language list is short: the browser's select, like the side navigation's language switcher.
          render={({ field }) => (
            <NativeSelect
              label={t('profile.language')}
              name="LanguageCulture"
              value={field.value}
              options={languages.map((language) => ({ id: language.Culture, label: language.Name }))}
              onChange={(value) => {
                const parsed = zLanguageCulture.safeParse(value);
                if (parsed.success) field.onChange(parsed.data);
              }}
            />
          )}
        />
        <Button type="submit" isDisabled={!canSave} isPending={save.isPending}>
          {t('profile.save')}
        </Button>
      </form>
    </section>
  );
}
