export { RequestPssButton } from './components/RequestPssButton';
