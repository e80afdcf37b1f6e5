export { SearchableSelect, Select, listScrolls } from './Select';
export type { SearchableSelectProps, SelectOption, SelectProps } from './Select';
