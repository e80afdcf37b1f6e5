export { ComboBox, DEFAULT_ERROR_TEXT, DEFAULT_NO_RESULTS_TEXT, defaultResultsText } from './ComboBox';
export type { ComboBoxOption, ComboBoxProps, ComboBoxStatus } from './ComboBox';
