export { ReportsButton, type ReportsButtonProps } from './components/ReportsButton';
