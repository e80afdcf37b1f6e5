/**
 * The edit-profile country rule (spec parts 4 and 5): the field is valid only with a chosen, listed country;
 * an empty or unknown country disables save changes.
 */
export interface CountryLike {
  CountryId: number;
}

export function isCountryValid(
  countryId: number | null | undefined,
  countries: readonly CountryLike[],
): boolean {
  return (
    countryId !== null &&
    countryId !== undefined &&
    countries.some((country) => country.CountryId === countryId)
  );
}
