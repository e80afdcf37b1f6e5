export { resourceStringQuery } from './api/get-resource-string';
export { VpnCheck } from './components/VpnCheck';
