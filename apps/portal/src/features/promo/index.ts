export { PromoSitesPage } from './components/PromoSitesPage';
