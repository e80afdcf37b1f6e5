export { listScrolls } from './options';
export type { SelectBaseProps, SelectOption } from './options';
export { Select } from './Select';
export type { SelectProps } from './Select';
export { SearchableSelect } from './SearchableSelect';
export type { SearchableSelectProps } from './SearchableSelect';
