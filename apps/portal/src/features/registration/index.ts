export { registrationLookupQuery } from './api/lookup';
export { countriesQuery, languagesQuery } from './api/reference';
export { RegisterPage } from './components/RegisterPage';
export { SelectCompanyPage } from './components/SelectCompanyPage';
export { isRegistrationType, REGISTRATION_TYPES } from './lookup-rules';
