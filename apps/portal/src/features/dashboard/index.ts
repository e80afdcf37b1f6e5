export { dashboardQuery } from './api/get-dashboard';
export { DashboardPage } from './components/DashboardPage';
