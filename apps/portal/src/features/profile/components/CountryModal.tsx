import type { Country } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { viewerQuery } from '@/features/auth';
import { FormDialog } from '@/components/FormDialog';
import { countriesQuery } from '../api/list-countries';
import { profileQuery } from '../api/get-profile';
import { useSetCountry } from '../api/set-country';
import { isCountryValid } from '../country-rules';
import { CountryField } from './CountryField';

export interface CountryModalProps {
  /** "Not now": closes until the next page load. */
  onClose: () => void;
}

/**
 * The `Country` modal: an account without a country (older accounts; registration always sets one) is asked for
 * it on its first signed-in page. Saved through PUT /api/account/country/{id}; the viewer and the profile are
 * read again, which closes the modal for good. A refusal keeps the chosen country in the field.
 */
export function CountryModal({ onClose }: CountryModalProps) {
  const { _: t } = useLingui();
  const queryClient = useQueryClient();
  const countries = useQuery(countriesQuery()).data ?? [];
  const [country, setCountry] = useState<Country | null>(null);
  const [checked, setChecked] = useState(false);
  const save = useSetCountry();
  const valid = isCountryValid(country?.CountryId, countries);
  return (
    <FormDialog
      title={t('countryModal.title')}
      submitLabel={t('profile.save')}
      working={save.isPending}
      onClose={onClose}
      onSubmit={() => {
        setChecked(true);
        if (!country || !valid) return;
        save.mutate(
          { path: { id: country.CountryId } },
          {
            onSuccess: () => {
              void queryClient.invalidateQueries({ queryKey: viewerQuery().queryKey });
              void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
            },
          },
        );
      }}
    >
      <p>{t('countryModal.intro')}</p>
      <CountryField
        countries={countries}
        value={country}
        onChange={setCountry}
        onRecheck={() => {
          setChecked(true);
        }}
        isInvalid={checked && !valid}
      />
    </FormDialog>
  );
}
