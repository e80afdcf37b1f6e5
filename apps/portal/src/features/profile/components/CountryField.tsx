import type { Country } from '@assessment/sdk';
import { COUNTRY_RECHECK_DELAY_MS } from '@assessment/ui/constants';
import { SearchableSelect } from '@assessment/ui/select';
import { useLingui } from '@lingui/react';
import { useEffect, useMemo, useRef } from 'react';

export interface CountryFieldProps {
  countries: readonly Country[];
  value: Country | null;
  onChange: (country: Country | null) => void;
  /** Runs the form's validation again, 150 ms after each change (spec part 9). */
  onRecheck: () => void;
  isInvalid: boolean;
}

/**
 * Country type-ahead of the edit-profile page, on the UI kit's SearchableSelect: every country is listed from
 * 0 typed characters without delay; typed text selects an exactly matching country, other text reverts to the
 * selected one on blur; emptying the field leaves no country (invalid, save disabled).
 */
export function CountryField({ countries, value, onChange, onRecheck, isInvalid }: CountryFieldProps) {
  const { _: t } = useLingui();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );
  const options = useMemo(
    () => countries.map((country) => ({ id: String(country.CountryId), label: country.Name })),
    [countries],
  );
  return (
    <SearchableSelect
      label={t('profile.country')}
      name="CountryId"
      options={options}
      value={value ? String(value.CountryId) : null}
      onChange={(id) => {
        onChange(countries.find((country) => String(country.CountryId) === id) ?? null);
        clearTimeout(timer.current);
        timer.current = setTimeout(onRecheck, COUNTRY_RECHECK_DELAY_MS);
      }}
      isRequired
      isInvalid={isInvalid}
      errorMessage={t('profile.countryInvalid')}
    />
  );
}
