export { RegisterRoute, SelectCompanyRoute } from './components/routes';
