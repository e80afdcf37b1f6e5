export { contactCheckQuery } from './api/check-contact';
export { SelectCompanyPage } from './components/SelectCompanyPage';
