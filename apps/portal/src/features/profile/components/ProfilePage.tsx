import { zLanguageCulture, type Country } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { NativeSelect } from '@assessment/ui/native-select';
import { useToast } from '@assessment/ui/toast';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { viewerQuery } from '@/features/auth';
import { applyCulture, type TextId } from '@/lib/i18n/i18n';
import { profileQuery } from '../api/get-profile';
import { countriesQuery } from '../api/list-countries';
import { languagesQuery } from '../api/list-languages';
import { useSetCountry } from '../api/set-country';
import { useSetAccountLanguage } from '../api/set-account-language';
import { isCountryValid } from '../country-rules';
import { CountryField } from './CountryField';

/** The edit-profile page: country type-ahead and language; save stays disabled while the country is invalid. */
export function ProfilePage() {
  const { _: t } = useLingui();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data: profile } = useSuspenseQuery(profileQuery());
  const { data: countries } = useSuspenseQuery(countriesQuery());
  const { data: languages } = useSuspenseQuery(languagesQuery());
  const setCountry = useSetCountry();
  const setLanguage = useSetAccountLanguage();

  const schema = z.object({
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
    defaultValues: { country: initialCountry, language: profile.LanguageCulture },
  });
  const country = useWatch({ control: form.control, name: 'country' });
  const canSave =
    isCountryValid(country?.CountryId, countries) && !setCountry.isPending && !setLanguage.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!values.country) return;
    if (values.country.CountryId !== profile.CountryId) {
      await setCountry.mutateAsync({ path: { id: values.country.CountryId } });
    }
    if (values.language !== profile.LanguageCulture) {
      await setLanguage.mutateAsync({ path: { culture: values.language } });
      await applyCulture(values.language);
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: profileQuery().queryKey }),
      queryClient.invalidateQueries({ queryKey: viewerQuery().queryKey }),
    ]);
    form.reset(values);
    toast.show(t('profile.saved'), { variant: 'success' });
  });

  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">{t('profile.title')}</h1>
      <dl className="facts">
        <dt>{t('profile.name')}</dt>
        <dd>
          {profile.FirstName} {profile.LastName}
        </dd>
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
        <Button type="submit" isDisabled={!canSave} isPending={setCountry.isPending || setLanguage.isPending}>
          {t('profile.save')}
        </Button>
      </form>
    </section>
  );
}
