export { profileQuery } from './api/get-profile';
export { useSetAccountLanguage } from './api/set-account-language';
export { countriesQuery } from './api/list-countries';
export { languagesQuery } from './api/list-languages';
export { ProfilePage } from './components/ProfilePage';
export { isCountryValid } from './country-rules';
export { LazyCountryModal } from './components/LazyCountryModal';
