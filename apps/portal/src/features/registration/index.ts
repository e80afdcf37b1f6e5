export { ConfirmRoute, RegisterRoute, SelectCompanyRoute } from './components/routes';
